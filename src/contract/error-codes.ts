/**
 * The refusals the API can answer, by machine code. An answer of 400-499 is `{ message, field?, code?, params? }`:
 * `code` names the refusal and `params` the values its words carry (a count, a limit, a product's name); `message` is
 * the English below with the params filled in, exactly as the server has always written it. The app shows the words
 * of `messages/<language>.json` under `error_<code>` (same `{param}` inputs), and a unit test proves the English
 * there is this English, word for word.
 *
 * The server and the contract's schemas write their English as before; the code is found from it here, by the
 * template it fills. So a new refusal needs no code at the place it is thrown: add its template here and its words
 * to both message files (tests/unit/error-codes.test.ts fails on a refusal or a schema text without them).
 * Templates are tried from the most specific (the most fixed text) to the least.
 */
export const errorTemplates = {
  email_not_confirmed: 'Confirm your email first: open the link we sent to {email}, or ask for a new one.',
  code_wrong: 'That code is not right. {tries} {tries_word} left.',
  code_tries_used: 'That code is not right, and it was the last of {max} tries. Ask for a new code.',
  code_used: 'This code was used already. Ask for a new code.',
  code_expired: 'This code has expired (a code works for {minutes} minutes). Ask for a new code.',
  code_tries_spent: 'This code has had its {max} tries. Ask for a new code.',
  code_too_soon: 'Wait {seconds} seconds before asking for a new code.',
  code_too_many: 'We have sent {max} codes to this number in the last hour. Try again in {minutes} minute{s}.',
  code_too_many_today_hours: 'We have sent {max} codes to this number today. Try again in {hours} hours.',
  code_too_many_today: 'We have sent {max} codes to this number today. Try again in {minutes} minute{s}.',
  code_no_longer_works: 'This code no longer works. Ask for a new code.',
  password_guessed_use_phone:
    'Many wrong passwords have been tried for this account: log in with a code sent to your phone',
  sms_failed: 'We could not send the SMS just now. Please try again in a minute.',
  order_already_cancelled: 'This order is already cancelled',
  order_refunded: 'This order has been refunded',
  order_shipped_no_cancel: 'This order has shipped and can no longer be cancelled',
  order_cancel_window: 'Orders can be cancelled only within {days} days of being placed',
  order_perishable_no_cancel: 'Orders with perishable items cannot be cancelled',
  code_too_many_network: 'Too many codes were asked for from this network. Try again in {minutes} minute{s}.',
  phone_taken_log_in: 'An account already uses this number; log in with it instead',
  phone_no_account: 'No account uses this number. Create an account with it instead.',
  phone_taken: 'Another account already uses this number',
  phone_sign_in_fixed: 'You sign in with this number, so it cannot be changed here',
  staff_use_password: 'Staff log in with their email and password',
  phone_required: 'Phone is required',
  phone_invalid: 'Phone must be a 10-digit mobile number',
  code_enter: 'Enter the code we sent you',
  code_digits: 'The code has {digits} digits',
  purpose_invalid: 'purpose must be register or login',
  email_taken: 'An account with this email already exists; log in instead',
  login_wrong: 'Email or password is incorrect',
  account_disabled: 'This account has been disabled. Please contact us',
  password_too_common: 'This password is too common; choose one that is harder to guess',
  too_many_wrong_passwords: 'Too many wrong passwords. Try again later.',
  password_not_right: 'That password is not right',
  password_not_current: 'This is not your current password',
  password_same: 'Choose a password other than your current one',
  no_password:
    'Your account signs in with a code by SMS and has no password; write to us to have your data sent or deleted',
  sign_in_link_expired: 'This sign-in link has expired or was already used; log in again to get a new one',
  confirm_link_expired: 'This confirmation link has expired or is not for your current email; ask for a new one',
  reset_link_expired: 'This reset link has expired or was already used; ask for a new one',
  data_link_expired:
    'This link has expired or was already used; ask for a new one under Your data on your profile page',
  no_email_to_confirm: 'Your account has no email to confirm',
  no_email_to_claim: 'Your account has no email to claim messages from',
  links_too_many: 'You have asked for several links this hour: use the latest one, or try again later.',
  log_in_first: 'Please log in to continue',
  session_expired: 'Your session has expired. Please log in again',
  not_allowed: 'Your account is not allowed to do this',
  name_required: 'Name is required',
  name_too_short: 'Name must be at least {min} characters',
  name_too_long: 'Name must be at most {max} characters',
  password_required: 'Password is required',
  password_too_short: 'Password must be at least {min} characters',
  password_too_long: 'Password must be at most {max} characters',
  new_password_too_short: 'The new password must be at least {min} characters',
  new_password_too_long: 'The new password must be at most {max} characters',
  current_password_enter: 'Enter your current password',
  new_password_enter: 'Enter a new password',
  language_invalid: 'Choose English (en) or Hindi (hi)',
  sign_in_link_incomplete: 'The sign-in link is incomplete; open the link from the email again',
  sign_in_link_invalid: 'The sign-in link is not valid; log in again to get a new one',
  reset_link_incomplete: 'The reset link is incomplete; open the link from the email again',
  reset_link_invalid: 'The reset link is not valid; ask for a new one',
  confirm_link_incomplete: 'The confirmation link is incomplete; open the link from the email again',
  confirm_link_invalid: 'The confirmation link is not valid; ask for a new one',
  email_required: 'Email is required',
  email_like: 'Enter an email address like name@example.in',
  phone_digits: 'Enter a phone number of digits, spaces and -',
  link_https: 'Enter a link starting with https://',
  address_line1_required: 'Address line 1 is required',
  address_line1_too_long: 'Address line 1 must be at most {max} characters',
  address_line2_too_long: 'Address line 2 must be at most {max} characters',
  city_required: 'City is required',
  city_too_long: 'City must be at most {max} characters',
  state_required: 'State is required',
  state_too_long: 'State must be at most {max} characters',
  pincode_required: 'PIN code is required',
  pincode_invalid: 'PIN code must be 6 digits and cannot start with 0',
  addresses_limit: 'You can save at most {max} addresses; remove one first',
  no_such_address: 'There is no such address',
  profile_create_first: 'Create your profile first',
  no_profile_yet: 'You have no profile yet',
  no_such_profile: 'There is no such profile',
  own_profile: 'This is your own profile',
  profile_hidden: 'Your profile is hidden by a moderator',
  guardian_not_confirmed_yet:
    'Your parent or guardian has not confirmed your profile yet: ask them to open the link we mailed them',
  handle_unavailable: 'That handle is not available',
  handle_taken: 'That handle is taken',
  handle_choose: 'Choose a handle',
  handle_invalid: 'A handle is 3 to 30 letters, digits or hyphens, starting and ending with a letter or digit',
  person_category: "A person's profile is in the {category} category",
  crafts_person_only: 'Crafts are for a person’s profile',
  date_of_birth_invalid: 'Enter a real date of birth',
  minor_needs_guardian: 'A member under 18 needs a parent or guardian’s name and email',
  photos_limit: 'A profile holds at most {max} photos: remove one first',
  no_such_photo: 'There is no such photo',
  link_incomplete: 'The link is not complete',
  kind_person_or_organisation: 'kind must be person or organisation',
  image_multipart: 'Send the image as multipart/form-data in a field named file',
  image_choose: 'Choose an image',
  image_too_large: 'The image is larger than 5 MB: make it smaller and upload it again',
  image_unreadable: 'The image could not be read: it may be damaged or incomplete',
  image_type: 'Upload a JPEG, PNG or WebP image',
  image_too_many_pixels: 'The image has more than 40 megapixels: make it smaller and upload it again',
  image_not_uploaded: 'There is no uploaded image of that name: upload it first',
  uploads_limit: 'You can add {max} images an hour. Try again in {minutes} minute{s}.',
  images_unavailable: 'Images cannot be fetched just now: try again in a minute',
  no_such_call: 'There is no such casting call',
  no_such_role: 'There is no such role',
  no_such_role_in_call: 'There is no such role in this call',
  role_closed_final: 'This role is closed: its decisions are final',
  role_closed: 'This role is closed: applications are no longer taken',
  role_already_closed: 'This role is already closed',
  role_has_applications: 'A role with applications cannot be removed: close it instead',
  apply_from_person: 'Applications are made from a person’s profile',
  apply_main_photo: 'Add a main photo to your profile before you apply',
  apply_own_call: 'You cannot apply to your own call',
  apply_deadline_passed: 'The deadline for this call has passed: applications are closed',
  apply_choose_photos: 'Choose photos from your profile',
  apply_choose_reel: 'Choose a reel from your profile',
  apply_needs_reel: 'This role asks for a reel',
  apply_needs_self_tape: 'This role asks for a self-tape link',
  apply_already: 'You have already applied to this role',
  no_such_application: 'There is no such application',
  application_not_withdrawable: 'This application is {status}: it cannot be withdrawn',
  application_final: 'This application is {status}: it cannot change any more',
  application_can_become: 'An application that is {status} can only become {allowed}',
  callback_or_move: 'Answer the callback, or move the application: not both',
  no_callback: 'There is no callback to answer',
  say_where: 'Say where the application goes',
  callback_when: 'Give the callback’s date and time',
  callback_where: 'Give the callback’s place',
  callback_future: 'The callback must be at a time in the future',
  undo_withdrawn: 'The applicant has withdrawn: there is nothing to undo',
  undo_too_late: 'Too late to undo: the applicant has been told',
  deadline_invalid: 'Enter a real deadline',
  deadline_future: 'The deadline must be in the future',
  deadline_too_far: 'The deadline must be at most {years} years ahead',
  deadline_enter: 'Enter the deadline',
  deadline_format: 'deadline must be a date like 2026-12-31 or a time like 2026-12-31T18:00:00+05:30',
  city_or_remote: 'Enter the city, or mark the call remote',
  shoot_dates: 'The shoot must end on or after its start',
  scenes_describe: 'Say what the scenes ask of the actors',
  age_range: 'The playing age range must start at or below its end',
  pay_enter: 'Enter the pay in rupees',
  self_tape_describe: 'Say what the self-tape should show',
  calls_poster_kind:
    'Casting calls are posted by production houses, studios and casting directors: set up such a profile first',
  calls_minor: 'A member under 18 cannot post casting calls',
  call_closed: 'This call is closed: it cannot change any more',
  roles_add: 'Add at least one role',
  roles_limit: 'At most {max} roles',
  languages_limit: 'At most 12 languages',
  applicants_choose: 'Choose at least one applicant',
  applicants_limit: 'At most 200 applicants at once',
  reason_give: 'Give the reason',
  report_own_profile: 'You cannot report your own profile',
  report_own_call: 'You cannot report your own call',
  reported_profile: 'You have already reported this profile: a moderator will look at it',
  reported_call: 'You have already reported this call: a moderator will look at it',
  verified_already: 'Your profile is already verified',
  verification_waiting: 'Your request is already waiting for a moderator',
  messages_limit: 'You can send {hour} messages an hour and {day} a day. Try again in {minutes} minute{s}.',
  conversations_limit: 'You can start {max} new conversations a day. Try again later.',
  minor_no_messages: 'Members under 18 cannot write to other members; casting calls reach you through your guardian',
  no_such_conversation: 'There is no such conversation',
  member_left: 'This member has left CineVerse: the conversation is closed',
  no_such_message: 'No such message',
  guardian_link_invalid: 'This link is not valid: it may have been replaced by a newer one',
  guardian_only_minor: 'Only a member under 18 has a guardian to confirm',
  guardian_confirmed_already: 'Your guardian has already confirmed',
  guardian_resend_wait:
    'The mail went less than {minutes} minutes ago: ask your guardian to look for it, or try again later',
  guardian_replaced: 'Another guardian address was given since: this link no longer applies',
  applicant_not_minor: 'The applicant is not under 18: write to them from their profile',
  link_invalid: 'This link is not valid',
  applicant_guardian_pending: 'The applicant’s guardian has not confirmed: they cannot receive messages yet',
  answers_limit: 'You have answered many times this hour; please try again later',
  no_such_account: 'There is no such account',
  product_gone: 'This product is no longer available',
  product_not_sold: 'This product does not exist or is no longer sold',
  no_such_product: 'There is no such product',
  cart_line_limit: 'You can have at most {max} of {product} in your cart',
  not_in_cart: 'This item is not in your cart',
  not_in_wishlist: 'This item is not in your wishlist',
  cart_empty: 'Your cart is empty',
  cart_item_gone: '{product} is no longer available; remove it from your cart',
  cart_out_of_stock: '{product} is out of stock; remove it from your cart',
  cart_stock_left: 'Only {count} of {product} left in stock; lower the quantity in your cart',
  total_changed:
    'The total is now {total}, not the {expected} you saw: check the order summary and place the order again',
  no_such_order: 'There is no such order',
  payment_cod: 'payment_method must be cod (cash on delivery) or online',
  coupon_required: 'Coupon code is required',
  coupon_too_long: 'Coupon code must be at most {max} characters',
  message_required: 'Message is required',
  message_too_short: 'Message must be at least {min} characters',
  message_too_long: 'Message must be at most {max} characters',
  contact_link_incomplete: 'This link is not complete: open it from the mail again',
  contact_link_foreign: 'This link is not one of ours',
  contact_too_many: 'Too many messages from this address. Please try again in {wait}.',
  idempotency_missing: 'Send an Idempotency-Key',
  idempotency_invalid: 'Idempotency-Key must be 1 to 255 visible ASCII characters',
  idempotency_reused: 'This Idempotency-Key was already used for a different request',
  idempotency_used: 'This Idempotency-Key was already used',
  nul_character: '{field} must not contain a NUL character',
  not_json: 'The request body is not valid JSON',
  body_too_large: 'The request body is larger than 1 MB',
  invalid_request: 'Invalid request',
  date_time_invalid: '{field} must be a date and time',
  date_invalid: '{field} must be a date like 2026-12-31',
  date_not_on_calendar: '{field} is not a date on the calendar',
  enter_the: 'Enter the {label}',
  is_required: '{label} is required',
  too_long: '{field} must be at most {max} characters',
  too_large: '{field} must be at most {max}',
  too_small: '{field} must be at least {min}',
  one_or_more: '{field} must be {min} or more',
  whole_number: '{field} must be a whole number',
  a_number: '{field} must be a number',
  true_or_false: '{field} must be true or false',
  one_of: '{field} must be one of {values}',
  among: '{field} must be among {values}',
  at_most_items: 'At most {max} {items}',
  zod_invalid_type: 'Invalid input: expected {expected}, received {received}',
  zod_invalid_option: 'Invalid option: expected one of {values}',
  zod_invalid_value: 'Invalid input: expected {value}',
  zod_too_long: 'Too big: expected string to have <={max} characters',
  zod_too_short: 'Too small: expected string to have >={min} characters',
  zod_too_many: 'Too big: expected array to have <={max} items',
  zod_too_few: 'Too small: expected array to have >={min} items',
  zod_too_big: 'Too big: expected number to be <={max}',
  zod_too_small: 'Too small: expected number to be >={min}',
  zod_invalid_format: 'Invalid {format}',
  zod_invalid: 'Invalid input',
  coupon_unknown: 'There is no coupon with the code {coupon}',
  coupon_inactive: 'Coupon {coupon} is no longer active',
  coupon_not_started: 'Coupon {coupon} can be used from {date}',
  coupon_expired: 'Coupon {coupon} expired on {date}',
  coupon_cart_empty: 'Add something to your cart before applying a coupon',
  coupon_min_order: 'Coupon {coupon} needs an order of at least {amount}; add {more} more',
  coupon_redeemed: 'Coupon {coupon} has been fully redeemed',
  coupon_used_once: 'You have already used coupon {coupon}',
  coupon_used_times: 'You have already used coupon {coupon} {times} times, the most allowed',
  email_one: 'Enter one email address, not a list',
  email_invalid: 'Invalid email address',
  email_too_long: '{label} must be at most 254 characters',
  out_of_stock: '{product} is out of stock',
  stock_left: 'Only {count} of {product} left in stock',
  opening_filled: 'Its opening is filled: applications are no longer taken',
  openings_filled: 'All {count} openings are filled: applications are no longer taken',
  reel_rule: 'A reel must be a YouTube or Instagram reel address',
  order_final: 'This order is {status}: it cannot change any more',
  order_can_become: 'An order that is {status} can only become {allowed}',
  reason_check: 'Check the reason',
  too_many_accounts: 'Too many accounts were made from this network. Try again in {minutes} minute{s}.',
  too_many_logins: 'Too many failed logins. Try again in {minutes} minute{s}.',
  too_many_sign_in_links:
    'We have mailed you several sign-in links; use the latest one. Try again in {minutes} minute{s}.',
  too_many_confirm_links: 'Too many confirmation links were asked for. Try again in {minutes} minute{s}.',
  too_many_reset_links: 'Too many reset links were asked for. Try again in {minutes} minute{s}.',
  too_many_wrong_passwords_wait: 'Too many wrong passwords. Try again in {minutes} minute{s}.',
  refund_at_most: "Refund at most what remains of the order's total, {amount}",
  refund_at_least: "Refund at least ₹1, or all that remains of the order's total, {amount}",
  last_day_before_first: 'The last day cannot be before the first',
  no_such_category: 'There is no category named {category}',
  must_be_true_or_false: 'must be true or false',
  either_of: '{field} must be {first} or {second}',
  photo_ids_numbers: 'photo_ids must be photo numbers',
  time_like: '{field} must be a time like {example}',
  date_like: '{field} must be a date like {example}',
  year_invalid: 'year must be a year',
  or_later: '{field} must be {min} or later',
  category_exists: 'There is already a category “{category}”: pick it from the list',
  category_pick: 'Pick a category from the list, or add it as a new category',
  price_above_mrp: 'The price cannot be above the MRP',
  no_such_item: 'No such {noun}',
  percent_coupon_max: 'A percent coupon takes at most 100 (%)',
  coupon_end_after_start: 'The coupon must end after it starts',
  coupon_limits: 'The per-shopper limit cannot be above the total limit',
  coupon_end_past: 'This end has passed: a coupon must end in the future',
  coupon_code_exists: 'A coupon with this code exists already',
  no_such_coupon: 'There is no such coupon',
  coupon_used_keep: 'This coupon has been used: its code stays (switch it off instead)',
  moderate_own_profile: 'Another moderator decides on your own profile',
  profile_verified_already: 'This profile is already verified',
  verification_decided: 'This profile has no verification request waiting: it was already decided',
  profile_hidden_already: 'This profile is already hidden',
  review_decided: 'This profile is not waiting for review: it was already decided',
  no_such_report: 'There is no such report',
  report_decided: 'This report was already decided',
  moderate_own_call: 'Another moderator decides on your own call',
  call_report_decided: 'This call has no open report: it was already decided',
  poster_hidden: 'Its poster’s profile is hidden by a moderator: the call stays down with it',
  poster_held: 'Its poster’s profile is held for review: approve the profile first',
  call_not_publishable: 'This call is {status}: only a pending or unpublished call can be published',
  call_not_unpublishable: 'This call is {status}: only a pending or published call can be unpublished',
  no_such_user: 'No such user',
  disable_self: 'You cannot disable your own account',
  last_admin: 'The last admin must stay an admin: make another account admin first',
  no_such_mail_retry: 'There is no such mail waiting for a retry',
  write_floor_either: 'Send either product_id or line_id',
  write_floor_not_written: 'Not written: no such product or line, or past the line’s limit',
  text_too_long: 'Must be at most {max} characters',
  refund_min: 'Refund at least ₹1',
  link_site_path: 'link must be a path on this site like /category/Studio (a \\ makes it another site)',
  link_path_or_https: 'Enter a path on this site (starting with /) or a link starting with https://',
  image_uploaded_name: 'image must be the name of an uploaded file',
  paise_whole: '{field} must be a whole number of paise',
  stock_negative: 'Stock cannot be negative',
  coupon_code_chars: 'The code may hold only letters, digits, - and _',
  actor_user_id: 'actor must be a user id',
  push_endpoint: 'endpoint must be a push service address',
  push_keys: 'keys must be the browser’s push keys',
  saved_filters_limit: 'You can keep at most {max} sets of filters: delete one you no longer need first',
  no_such_saved_filters: 'There are no such saved filters',
  slot_missing: 'There is no such slot',
  slot_cancelled: 'This slot is cancelled',
  slot_shortlist_only: 'Callback slots are offered to shortlisted applicants only',
  slot_gone: 'This slot is no longer offered: pick another',
  slot_taken: 'Another applicant has taken this slot: pick another',
  slot_choose: 'Choose at least one slot',
  slot_place_or_link: 'Give a place or a video-call link',
  // Self-tapes: playing them.
  no_such_tape: 'There is no such tape',
  tapes_unavailable: 'Tapes cannot be fetched just now: try again in a minute',
  // Self-tapes: uploads, the tape an application carries, and the poster's requests.
  tape_too_big: 'A tape can be at most 500 MB',
  tape_role_missing: 'Say which role the tape is for',
  tape_not_asked_role: 'This role does not ask for a self-tape',
  tape_not_requested: 'The poster has not asked you for a tape',
  tape_deadline_passed: 'The deadline for this tape has passed',
  tape_not_yours: 'Choose a tape you uploaded for this role',
  tape_incomplete: 'This tape has not arrived in full yet',
  tape_failed: 'This tape could not be read: record it again',
  tape_taken: 'This tape was sent with another application',
  tape_request_deadline_past: 'The deadline for the tape must be today or later',
  tape_request_closed: 'Ask for tapes only from applicants still in the running',
  tape_busy: 'This tape is still arriving through another connection: trying again shortly',
  tape_id_number: 'self_tape_id must be a tape number',
  // GST tax invoices: the shop's legal details, products' HSN codes and rates, the documents.
  gst_gstin_form: 'A GSTIN is 15 characters: the state code, the PAN, the registration number, Z and a check character',
  gst_state_code: '{code} is not a GST state code',
  gst_gstin_check: 'This GSTIN’s last character does not match the others: check it for a typing mistake',
  gst_gstin_state: 'The GSTIN’s first two digits must be the state’s code',
  gst_gstin_missing: 'Enter the GSTIN',
  gst_legal_name: 'Enter the legal name',
  gst_legal_name_long: 'The legal name is at most 200 characters',
  gst_address: 'Enter the registered address',
  gst_address_full: 'Enter the registered address in full',
  gst_address_long: 'The address is at most 500 characters',
  gst_state: 'Choose the state',
  gst_hsn: 'An HSN code is 4, 6 or 8 digits',
  gst_rate: 'The GST rate must be one of 0, 5, 12, 18, 28 per cent',
  gst_no_invoice: 'There is no such invoice',
  gst_unavailable: 'The invoice cannot be fetched just now: try again in a minute',
  pay_unavailable: 'Paying online is not available now: choose cash on delivery',
  pay_gateway_down:
    'The payment service did not answer, so the order was not placed: try again, or choose cash on delivery',
  pay_unverified: 'This payment could not be verified',
  pay_refund_failed: 'The payment service did not take the refund: try again in a few minutes',
  pay_cancel_waiting: 'This order is waiting for its payment: it is let go by itself if not paid in 15 minutes',
  pay_cancel_expired: 'This order was not paid in time and has been let go',
  pay_waiting_limit:
    'You have {max} orders waiting for their payment: pay one of them, or wait until it is let go {minutes} minutes after it was placed',
  // Self-tapes: how many uploads a member may leave unfinished at once.
  tape_uploads_unfinished: 'You have {max} tapes still uploading: let one of them finish before sending another',
  grv_no_return: 'There is no such return',
  grv_window: 'Items can be returned only within {days} days of delivery',
  grv_details: 'Tell us what is wrong',
  grv_items_of_order: 'Choose items of this order',
  grv_return_at_most: 'Return at most {count} of {product}',
  grv_photos_again: 'Upload the photos again',
  grv_final: 'This return is {status}: it cannot change any more',
  grv_move: 'A return that is {status} can only become {allowed}',
  grv_asked_for: 'The shopper asked for a {resolution}',
  grv_why: 'Tell the shopper why',
  grv_no_ticket: 'There is no such ticket',
  grv_acknowledged: 'This ticket is already acknowledged',
  grv_resolved: 'This ticket is already resolved',
  grv_how_many: 'Choose how many',
  grv_choose_items: 'Choose the items to return',
  grv_reason: 'Choose what is wrong',
  grv_resolution: 'Choose a refund or a replacement',
  grv_write: 'Write to the shopper',
  grv_data_kind: 'Choose what you are asking for',
  variants_choose: 'Choose a size or colour first',
  variants_not_of_product: 'This product has no such size or colour',
  variants_one_kind: 'A product’s variants are all sizes or all colours',
  variants_label_twice: '“{label}” is there twice',
  variants_no_such: 'This product has no such variant',
  variants_sku_taken: 'Another product or variant has the SKU {sku}',
  variants_sku_characters: 'An SKU has letters, digits and . _ / - only',
  variants_cart_unsized: '{product} now comes in sizes or colours: remove it from your cart and add the one you want',
  pin_unknown: "This PIN code is not in India Post's directory",
  pin_state_mismatch: 'PIN code {pincode} is in {state}; check the state or the PIN code',
  pin_cod_zone: 'Cash on delivery is not offered for deliveries to PIN code {pincode}',
  pin_cod_total: 'Cash on delivery is offered for orders up to {amount}',
  pin_transit_min: 'Transit days must be 1 or more',
  pin_transit_max: 'Transit days must be at most 30',
  pin_transit_order: 'The fewest transit days cannot be more than the most',
  pin_cod_limit_negative: 'The cash on delivery limit cannot be below ₹0',
} as const;

export type ErrorCode = keyof typeof errorTemplates;
export type ErrorParams = Record<string, string>;

export interface CodedError {
  code: ErrorCode;
  params?: ErrorParams;
}

const inputPattern = /\{(\w+)\}/g;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

interface Matcher {
  code: ErrorCode;
  names: string[];
  pattern: RegExp;
  fixed: number;
}

let matchers: Matcher[] | null = null;

/** Built on first use: a page that meets no refusal never compiles them. */
function allMatchers(): Matcher[] {
  matchers ??= (Object.entries(errorTemplates) as [ErrorCode, string][])
    .map(([code, template]) => {
      const names = [...template.matchAll(inputPattern)].map((match) => match[1]!);
      const source = template
        .split(inputPattern)
        .map((part, index) => (index % 2 === 1 ? '(.*?)' : escapeRegExp(part)))
        .join('');
      return { code, names, pattern: new RegExp(`^${source}$`, 's'), fixed: template.replace(inputPattern, '').length };
    })
    .sort((a, b) => b.fixed - a.fixed);
  return matchers;
}

/** The code (and params) of an English refusal, or null for a text no template fills. */
export function findErrorCode(message: string): CodedError | null {
  for (const matcher of allMatchers()) {
    const match = matcher.pattern.exec(message);
    if (!match) continue;
    if (matcher.names.length === 0) return { code: matcher.code };
    const params: ErrorParams = {};
    matcher.names.forEach((name, index) => {
      params[name] = match[index + 1] ?? '';
    });
    return { code: matcher.code, params };
  }
  return null;
}

/** True when `code` is one this registry knows. */
export function isErrorCode(code: unknown): code is ErrorCode {
  return typeof code === 'string' && Object.hasOwn(errorTemplates, code);
}

/** The English of a code with its params filled in: the server's `message`. */
export function errorEnglish(code: ErrorCode, params: ErrorParams = {}): string {
  return errorTemplates[code].replace(inputPattern, (whole, name: string) => params[name] ?? whole);
}

/** What a Zod issue without a text of its own says, by its kind and limits (Zod's defaults are not the contract's). */
export interface IssueLike {
  code: string;
  origin?: string;
  maximum?: unknown;
  minimum?: unknown;
  expected?: unknown;
  format?: string;
}

/** The code of a Zod issue that has no text of its own: a wrong type, too long, too short, a wrong format. */
export function issueCode(issue: IssueLike): CodedError {
  const max = String(issue.maximum);
  const min = String(issue.minimum);
  switch (issue.code) {
    case 'too_big':
      if (issue.origin === 'string') return { code: 'zod_too_long', params: { max } };
      if (issue.origin === 'array' || issue.origin === 'set') return { code: 'zod_too_many', params: { max } };
      return { code: 'zod_too_big', params: { max } };
    case 'too_small':
      if (issue.origin === 'string') return { code: 'zod_too_short', params: { min } };
      if (issue.origin === 'array' || issue.origin === 'set') return { code: 'zod_too_few', params: { min } };
      return { code: 'zod_too_small', params: { min } };
    case 'invalid_format':
      return { code: 'zod_invalid_format', params: { format: issue.format ?? 'input' } };
    default:
      return { code: 'zod_invalid' };
  }
}
