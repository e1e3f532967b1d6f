/**
 * The words of every refusal code (src/contract/error-codes.ts) in the page's language: `error_<code>` in
 * messages/en.json and hi.json. A module of its own, loaded only when a refusal is to be shown (lib/refusals.ts):
 * it holds every refusal's words, which no first load needs.
 */
import { type ErrorCode, type ErrorParams, findErrorCode, isErrorCode } from '@/contract/error-codes';
import { error_email_not_confirmed } from '@/paraglide/messages/error_email_not_confirmed.js';
import { error_code_wrong } from '@/paraglide/messages/error_code_wrong.js';
import { error_code_tries_used } from '@/paraglide/messages/error_code_tries_used.js';
import { error_code_used } from '@/paraglide/messages/error_code_used.js';
import { error_code_expired } from '@/paraglide/messages/error_code_expired.js';
import { error_code_tries_spent } from '@/paraglide/messages/error_code_tries_spent.js';
import { error_code_too_soon } from '@/paraglide/messages/error_code_too_soon.js';
import { error_code_too_many } from '@/paraglide/messages/error_code_too_many.js';
import { error_code_too_many_network } from '@/paraglide/messages/error_code_too_many_network.js';
import { error_sms_failed } from '@/paraglide/messages/error_sms_failed.js';
import { error_order_already_cancelled } from '@/paraglide/messages/error_order_already_cancelled.js';
import { error_order_refunded } from '@/paraglide/messages/error_order_refunded.js';
import { error_order_shipped_no_cancel } from '@/paraglide/messages/error_order_shipped_no_cancel.js';
import { error_order_cancel_window } from '@/paraglide/messages/error_order_cancel_window.js';
import { error_order_perishable_no_cancel } from '@/paraglide/messages/error_order_perishable_no_cancel.js';
import { error_code_too_many_today_hours } from '@/paraglide/messages/error_code_too_many_today_hours.js';
import { error_code_too_many_today } from '@/paraglide/messages/error_code_too_many_today.js';
import { error_code_no_longer_works } from '@/paraglide/messages/error_code_no_longer_works.js';
import { error_password_guessed_use_phone } from '@/paraglide/messages/error_password_guessed_use_phone.js';
import { error_phone_taken_log_in } from '@/paraglide/messages/error_phone_taken_log_in.js';
import { error_phone_no_account } from '@/paraglide/messages/error_phone_no_account.js';
import { error_phone_taken } from '@/paraglide/messages/error_phone_taken.js';
import { error_phone_sign_in_fixed } from '@/paraglide/messages/error_phone_sign_in_fixed.js';
import { error_staff_use_password } from '@/paraglide/messages/error_staff_use_password.js';
import { error_phone_required } from '@/paraglide/messages/error_phone_required.js';
import { error_phone_invalid } from '@/paraglide/messages/error_phone_invalid.js';
import { error_code_enter } from '@/paraglide/messages/error_code_enter.js';
import { error_code_digits } from '@/paraglide/messages/error_code_digits.js';
import { error_purpose_invalid } from '@/paraglide/messages/error_purpose_invalid.js';
import { error_email_taken } from '@/paraglide/messages/error_email_taken.js';
import { error_login_wrong } from '@/paraglide/messages/error_login_wrong.js';
import { error_account_disabled } from '@/paraglide/messages/error_account_disabled.js';
import { error_password_too_common } from '@/paraglide/messages/error_password_too_common.js';
import { error_too_many_wrong_passwords } from '@/paraglide/messages/error_too_many_wrong_passwords.js';
import { error_password_not_right } from '@/paraglide/messages/error_password_not_right.js';
import { error_password_not_current } from '@/paraglide/messages/error_password_not_current.js';
import { error_password_same } from '@/paraglide/messages/error_password_same.js';
import { error_no_password } from '@/paraglide/messages/error_no_password.js';
import { error_sign_in_link_expired } from '@/paraglide/messages/error_sign_in_link_expired.js';
import { error_confirm_link_expired } from '@/paraglide/messages/error_confirm_link_expired.js';
import { error_reset_link_expired } from '@/paraglide/messages/error_reset_link_expired.js';
import { error_data_link_expired } from '@/paraglide/messages/error_data_link_expired.js';
import { error_no_email_to_confirm } from '@/paraglide/messages/error_no_email_to_confirm.js';
import { error_no_email_to_claim } from '@/paraglide/messages/error_no_email_to_claim.js';
import { error_links_too_many } from '@/paraglide/messages/error_links_too_many.js';
import { error_log_in_first } from '@/paraglide/messages/error_log_in_first.js';
import { error_session_expired } from '@/paraglide/messages/error_session_expired.js';
import { error_not_allowed } from '@/paraglide/messages/error_not_allowed.js';
import { error_name_required } from '@/paraglide/messages/error_name_required.js';
import { error_name_too_short } from '@/paraglide/messages/error_name_too_short.js';
import { error_name_too_long } from '@/paraglide/messages/error_name_too_long.js';
import { error_password_required } from '@/paraglide/messages/error_password_required.js';
import { error_password_too_short } from '@/paraglide/messages/error_password_too_short.js';
import { error_password_too_long } from '@/paraglide/messages/error_password_too_long.js';
import { error_new_password_too_short } from '@/paraglide/messages/error_new_password_too_short.js';
import { error_new_password_too_long } from '@/paraglide/messages/error_new_password_too_long.js';
import { error_current_password_enter } from '@/paraglide/messages/error_current_password_enter.js';
import { error_new_password_enter } from '@/paraglide/messages/error_new_password_enter.js';
import { error_language_invalid } from '@/paraglide/messages/error_language_invalid.js';
import { error_sign_in_link_incomplete } from '@/paraglide/messages/error_sign_in_link_incomplete.js';
import { error_sign_in_link_invalid } from '@/paraglide/messages/error_sign_in_link_invalid.js';
import { error_reset_link_incomplete } from '@/paraglide/messages/error_reset_link_incomplete.js';
import { error_reset_link_invalid } from '@/paraglide/messages/error_reset_link_invalid.js';
import { error_confirm_link_incomplete } from '@/paraglide/messages/error_confirm_link_incomplete.js';
import { error_confirm_link_invalid } from '@/paraglide/messages/error_confirm_link_invalid.js';
import { error_email_required } from '@/paraglide/messages/error_email_required.js';
import { error_email_like } from '@/paraglide/messages/error_email_like.js';
import { error_phone_digits } from '@/paraglide/messages/error_phone_digits.js';
import { error_link_https } from '@/paraglide/messages/error_link_https.js';
import { error_address_line1_required } from '@/paraglide/messages/error_address_line1_required.js';
import { error_address_line1_too_long } from '@/paraglide/messages/error_address_line1_too_long.js';
import { error_address_line2_too_long } from '@/paraglide/messages/error_address_line2_too_long.js';
import { error_city_required } from '@/paraglide/messages/error_city_required.js';
import { error_city_too_long } from '@/paraglide/messages/error_city_too_long.js';
import { error_state_required } from '@/paraglide/messages/error_state_required.js';
import { error_state_too_long } from '@/paraglide/messages/error_state_too_long.js';
import { error_pincode_required } from '@/paraglide/messages/error_pincode_required.js';
import { error_pincode_invalid } from '@/paraglide/messages/error_pincode_invalid.js';
import { error_addresses_limit } from '@/paraglide/messages/error_addresses_limit.js';
import { error_no_such_address } from '@/paraglide/messages/error_no_such_address.js';
import { error_profile_create_first } from '@/paraglide/messages/error_profile_create_first.js';
import { error_no_profile_yet } from '@/paraglide/messages/error_no_profile_yet.js';
import { error_no_such_profile } from '@/paraglide/messages/error_no_such_profile.js';
import { error_own_profile } from '@/paraglide/messages/error_own_profile.js';
import { error_profile_hidden } from '@/paraglide/messages/error_profile_hidden.js';
import { error_guardian_not_confirmed_yet } from '@/paraglide/messages/error_guardian_not_confirmed_yet.js';
import { error_handle_unavailable } from '@/paraglide/messages/error_handle_unavailable.js';
import { error_handle_taken } from '@/paraglide/messages/error_handle_taken.js';
import { error_handle_choose } from '@/paraglide/messages/error_handle_choose.js';
import { error_handle_invalid } from '@/paraglide/messages/error_handle_invalid.js';
import { error_person_category } from '@/paraglide/messages/error_person_category.js';
import { error_crafts_person_only } from '@/paraglide/messages/error_crafts_person_only.js';
import { error_date_of_birth_invalid } from '@/paraglide/messages/error_date_of_birth_invalid.js';
import { error_minor_needs_guardian } from '@/paraglide/messages/error_minor_needs_guardian.js';
import { error_photos_limit } from '@/paraglide/messages/error_photos_limit.js';
import { error_no_such_photo } from '@/paraglide/messages/error_no_such_photo.js';
import { error_link_incomplete } from '@/paraglide/messages/error_link_incomplete.js';
import { error_kind_person_or_organisation } from '@/paraglide/messages/error_kind_person_or_organisation.js';
import { error_image_multipart } from '@/paraglide/messages/error_image_multipart.js';
import { error_image_choose } from '@/paraglide/messages/error_image_choose.js';
import { error_image_too_large } from '@/paraglide/messages/error_image_too_large.js';
import { error_image_unreadable } from '@/paraglide/messages/error_image_unreadable.js';
import { error_image_type } from '@/paraglide/messages/error_image_type.js';
import { error_image_too_many_pixels } from '@/paraglide/messages/error_image_too_many_pixels.js';
import { error_image_not_uploaded } from '@/paraglide/messages/error_image_not_uploaded.js';
import { error_uploads_limit } from '@/paraglide/messages/error_uploads_limit.js';
import { error_images_unavailable } from '@/paraglide/messages/error_images_unavailable.js';
import { error_no_such_call } from '@/paraglide/messages/error_no_such_call.js';
import { error_no_such_role } from '@/paraglide/messages/error_no_such_role.js';
import { error_no_such_role_in_call } from '@/paraglide/messages/error_no_such_role_in_call.js';
import { error_role_closed_final } from '@/paraglide/messages/error_role_closed_final.js';
import { error_role_closed } from '@/paraglide/messages/error_role_closed.js';
import { error_role_already_closed } from '@/paraglide/messages/error_role_already_closed.js';
import { error_role_has_applications } from '@/paraglide/messages/error_role_has_applications.js';
import { error_apply_from_person } from '@/paraglide/messages/error_apply_from_person.js';
import { error_apply_main_photo } from '@/paraglide/messages/error_apply_main_photo.js';
import { error_apply_own_call } from '@/paraglide/messages/error_apply_own_call.js';
import { error_apply_deadline_passed } from '@/paraglide/messages/error_apply_deadline_passed.js';
import { error_apply_choose_photos } from '@/paraglide/messages/error_apply_choose_photos.js';
import { error_apply_choose_reel } from '@/paraglide/messages/error_apply_choose_reel.js';
import { error_apply_needs_reel } from '@/paraglide/messages/error_apply_needs_reel.js';
import { error_apply_needs_self_tape } from '@/paraglide/messages/error_apply_needs_self_tape.js';
import { error_apply_already } from '@/paraglide/messages/error_apply_already.js';
import { error_no_such_application } from '@/paraglide/messages/error_no_such_application.js';
import { error_application_not_withdrawable } from '@/paraglide/messages/error_application_not_withdrawable.js';
import { error_application_final } from '@/paraglide/messages/error_application_final.js';
import { error_application_can_become } from '@/paraglide/messages/error_application_can_become.js';
import { error_callback_or_move } from '@/paraglide/messages/error_callback_or_move.js';
import { error_no_callback } from '@/paraglide/messages/error_no_callback.js';
import { error_say_where } from '@/paraglide/messages/error_say_where.js';
import { error_callback_when } from '@/paraglide/messages/error_callback_when.js';
import { error_callback_where } from '@/paraglide/messages/error_callback_where.js';
import { error_callback_future } from '@/paraglide/messages/error_callback_future.js';
import { error_undo_withdrawn } from '@/paraglide/messages/error_undo_withdrawn.js';
import { error_undo_too_late } from '@/paraglide/messages/error_undo_too_late.js';
import { error_deadline_invalid } from '@/paraglide/messages/error_deadline_invalid.js';
import { error_deadline_future } from '@/paraglide/messages/error_deadline_future.js';
import { error_deadline_too_far } from '@/paraglide/messages/error_deadline_too_far.js';
import { error_deadline_enter } from '@/paraglide/messages/error_deadline_enter.js';
import { error_deadline_format } from '@/paraglide/messages/error_deadline_format.js';
import { error_city_or_remote } from '@/paraglide/messages/error_city_or_remote.js';
import { error_shoot_dates } from '@/paraglide/messages/error_shoot_dates.js';
import { error_scenes_describe } from '@/paraglide/messages/error_scenes_describe.js';
import { error_age_range } from '@/paraglide/messages/error_age_range.js';
import { error_pay_enter } from '@/paraglide/messages/error_pay_enter.js';
import { error_self_tape_describe } from '@/paraglide/messages/error_self_tape_describe.js';
import { error_calls_poster_kind } from '@/paraglide/messages/error_calls_poster_kind.js';
import { error_calls_minor } from '@/paraglide/messages/error_calls_minor.js';
import { error_call_closed } from '@/paraglide/messages/error_call_closed.js';
import { error_roles_add } from '@/paraglide/messages/error_roles_add.js';
import { error_roles_limit } from '@/paraglide/messages/error_roles_limit.js';
import { error_languages_limit } from '@/paraglide/messages/error_languages_limit.js';
import { error_applicants_choose } from '@/paraglide/messages/error_applicants_choose.js';
import { error_applicants_limit } from '@/paraglide/messages/error_applicants_limit.js';
import { error_reason_give } from '@/paraglide/messages/error_reason_give.js';
import { error_report_own_profile } from '@/paraglide/messages/error_report_own_profile.js';
import { error_report_own_call } from '@/paraglide/messages/error_report_own_call.js';
import { error_reported_profile } from '@/paraglide/messages/error_reported_profile.js';
import { error_reported_call } from '@/paraglide/messages/error_reported_call.js';
import { error_verified_already } from '@/paraglide/messages/error_verified_already.js';
import { error_verification_waiting } from '@/paraglide/messages/error_verification_waiting.js';
import { error_messages_limit } from '@/paraglide/messages/error_messages_limit.js';
import { error_conversations_limit } from '@/paraglide/messages/error_conversations_limit.js';
import { error_minor_no_messages } from '@/paraglide/messages/error_minor_no_messages.js';
import { error_no_such_conversation } from '@/paraglide/messages/error_no_such_conversation.js';
import { error_member_left } from '@/paraglide/messages/error_member_left.js';
import { error_no_such_message } from '@/paraglide/messages/error_no_such_message.js';
import { error_guardian_link_invalid } from '@/paraglide/messages/error_guardian_link_invalid.js';
import { error_guardian_only_minor } from '@/paraglide/messages/error_guardian_only_minor.js';
import { error_guardian_confirmed_already } from '@/paraglide/messages/error_guardian_confirmed_already.js';
import { error_guardian_resend_wait } from '@/paraglide/messages/error_guardian_resend_wait.js';
import { error_guardian_replaced } from '@/paraglide/messages/error_guardian_replaced.js';
import { error_applicant_not_minor } from '@/paraglide/messages/error_applicant_not_minor.js';
import { error_link_invalid } from '@/paraglide/messages/error_link_invalid.js';
import { error_applicant_guardian_pending } from '@/paraglide/messages/error_applicant_guardian_pending.js';
import { error_answers_limit } from '@/paraglide/messages/error_answers_limit.js';
import { error_no_such_account } from '@/paraglide/messages/error_no_such_account.js';
import { error_product_gone } from '@/paraglide/messages/error_product_gone.js';
import { error_product_not_sold } from '@/paraglide/messages/error_product_not_sold.js';
import { error_no_such_product } from '@/paraglide/messages/error_no_such_product.js';
import { error_cart_line_limit } from '@/paraglide/messages/error_cart_line_limit.js';
import { error_not_in_cart } from '@/paraglide/messages/error_not_in_cart.js';
import { error_not_in_wishlist } from '@/paraglide/messages/error_not_in_wishlist.js';
import { error_cart_empty } from '@/paraglide/messages/error_cart_empty.js';
import { error_cart_item_gone } from '@/paraglide/messages/error_cart_item_gone.js';
import { error_cart_out_of_stock } from '@/paraglide/messages/error_cart_out_of_stock.js';
import { error_cart_stock_left } from '@/paraglide/messages/error_cart_stock_left.js';
import { error_total_changed } from '@/paraglide/messages/error_total_changed.js';
import { error_no_such_order } from '@/paraglide/messages/error_no_such_order.js';
import { error_payment_cod } from '@/paraglide/messages/error_payment_cod.js';
import { error_coupon_required } from '@/paraglide/messages/error_coupon_required.js';
import { error_coupon_too_long } from '@/paraglide/messages/error_coupon_too_long.js';
import { error_message_required } from '@/paraglide/messages/error_message_required.js';
import { error_message_too_short } from '@/paraglide/messages/error_message_too_short.js';
import { error_message_too_long } from '@/paraglide/messages/error_message_too_long.js';
import { error_contact_link_incomplete } from '@/paraglide/messages/error_contact_link_incomplete.js';
import { error_contact_link_foreign } from '@/paraglide/messages/error_contact_link_foreign.js';
import { error_contact_too_many } from '@/paraglide/messages/error_contact_too_many.js';
import { error_idempotency_missing } from '@/paraglide/messages/error_idempotency_missing.js';
import { error_idempotency_invalid } from '@/paraglide/messages/error_idempotency_invalid.js';
import { error_idempotency_reused } from '@/paraglide/messages/error_idempotency_reused.js';
import { error_idempotency_used } from '@/paraglide/messages/error_idempotency_used.js';
import { error_nul_character } from '@/paraglide/messages/error_nul_character.js';
import { error_not_json } from '@/paraglide/messages/error_not_json.js';
import { error_body_too_large } from '@/paraglide/messages/error_body_too_large.js';
import { error_invalid_request } from '@/paraglide/messages/error_invalid_request.js';
import { error_date_time_invalid } from '@/paraglide/messages/error_date_time_invalid.js';
import { error_date_invalid } from '@/paraglide/messages/error_date_invalid.js';
import { error_date_not_on_calendar } from '@/paraglide/messages/error_date_not_on_calendar.js';
import { error_enter_the } from '@/paraglide/messages/error_enter_the.js';
import { error_is_required } from '@/paraglide/messages/error_is_required.js';
import { error_too_long } from '@/paraglide/messages/error_too_long.js';
import { error_too_large } from '@/paraglide/messages/error_too_large.js';
import { error_too_small } from '@/paraglide/messages/error_too_small.js';
import { error_one_or_more } from '@/paraglide/messages/error_one_or_more.js';
import { error_whole_number } from '@/paraglide/messages/error_whole_number.js';
import { error_a_number } from '@/paraglide/messages/error_a_number.js';
import { error_true_or_false } from '@/paraglide/messages/error_true_or_false.js';
import { error_one_of } from '@/paraglide/messages/error_one_of.js';
import { error_among } from '@/paraglide/messages/error_among.js';
import { error_at_most_items } from '@/paraglide/messages/error_at_most_items.js';
import { error_zod_invalid_type } from '@/paraglide/messages/error_zod_invalid_type.js';
import { error_zod_invalid_option } from '@/paraglide/messages/error_zod_invalid_option.js';
import { error_zod_invalid_value } from '@/paraglide/messages/error_zod_invalid_value.js';
import { error_zod_too_long } from '@/paraglide/messages/error_zod_too_long.js';
import { error_zod_too_short } from '@/paraglide/messages/error_zod_too_short.js';
import { error_zod_too_many } from '@/paraglide/messages/error_zod_too_many.js';
import { error_zod_too_few } from '@/paraglide/messages/error_zod_too_few.js';
import { error_zod_too_big } from '@/paraglide/messages/error_zod_too_big.js';
import { error_zod_too_small } from '@/paraglide/messages/error_zod_too_small.js';
import { error_zod_invalid_format } from '@/paraglide/messages/error_zod_invalid_format.js';
import { error_zod_invalid } from '@/paraglide/messages/error_zod_invalid.js';
import { error_coupon_unknown } from '@/paraglide/messages/error_coupon_unknown.js';
import { error_coupon_inactive } from '@/paraglide/messages/error_coupon_inactive.js';
import { error_coupon_not_started } from '@/paraglide/messages/error_coupon_not_started.js';
import { error_coupon_expired } from '@/paraglide/messages/error_coupon_expired.js';
import { error_coupon_cart_empty } from '@/paraglide/messages/error_coupon_cart_empty.js';
import { error_coupon_min_order } from '@/paraglide/messages/error_coupon_min_order.js';
import { error_coupon_redeemed } from '@/paraglide/messages/error_coupon_redeemed.js';
import { error_coupon_used_once } from '@/paraglide/messages/error_coupon_used_once.js';
import { error_coupon_used_times } from '@/paraglide/messages/error_coupon_used_times.js';
import { error_email_one } from '@/paraglide/messages/error_email_one.js';
import { error_email_invalid } from '@/paraglide/messages/error_email_invalid.js';
import { error_email_too_long } from '@/paraglide/messages/error_email_too_long.js';
import { error_out_of_stock } from '@/paraglide/messages/error_out_of_stock.js';
import { error_stock_left } from '@/paraglide/messages/error_stock_left.js';
import { error_opening_filled } from '@/paraglide/messages/error_opening_filled.js';
import { error_openings_filled } from '@/paraglide/messages/error_openings_filled.js';
import { error_reel_rule } from '@/paraglide/messages/error_reel_rule.js';
import { error_order_final } from '@/paraglide/messages/error_order_final.js';
import { error_order_can_become } from '@/paraglide/messages/error_order_can_become.js';
import { error_reason_check } from '@/paraglide/messages/error_reason_check.js';
import { error_too_many_accounts } from '@/paraglide/messages/error_too_many_accounts.js';
import { error_too_many_logins } from '@/paraglide/messages/error_too_many_logins.js';
import { error_too_many_sign_in_links } from '@/paraglide/messages/error_too_many_sign_in_links.js';
import { error_too_many_confirm_links } from '@/paraglide/messages/error_too_many_confirm_links.js';
import { error_too_many_reset_links } from '@/paraglide/messages/error_too_many_reset_links.js';
import { error_too_many_wrong_passwords_wait } from '@/paraglide/messages/error_too_many_wrong_passwords_wait.js';
import { error_refund_at_most } from '@/paraglide/messages/error_refund_at_most.js';
import { error_refund_at_least } from '@/paraglide/messages/error_refund_at_least.js';
import { error_last_day_before_first } from '@/paraglide/messages/error_last_day_before_first.js';
import { error_no_such_category } from '@/paraglide/messages/error_no_such_category.js';
import { error_must_be_true_or_false } from '@/paraglide/messages/error_must_be_true_or_false.js';
import { error_either_of } from '@/paraglide/messages/error_either_of.js';
import { error_photo_ids_numbers } from '@/paraglide/messages/error_photo_ids_numbers.js';
import { error_time_like } from '@/paraglide/messages/error_time_like.js';
import { error_date_like } from '@/paraglide/messages/error_date_like.js';
import { error_year_invalid } from '@/paraglide/messages/error_year_invalid.js';
import { error_or_later } from '@/paraglide/messages/error_or_later.js';
import { error_category_exists } from '@/paraglide/messages/error_category_exists.js';
import { error_category_pick } from '@/paraglide/messages/error_category_pick.js';
import { error_price_above_mrp } from '@/paraglide/messages/error_price_above_mrp.js';
import { error_no_such_item } from '@/paraglide/messages/error_no_such_item.js';
import { error_percent_coupon_max } from '@/paraglide/messages/error_percent_coupon_max.js';
import { error_coupon_end_after_start } from '@/paraglide/messages/error_coupon_end_after_start.js';
import { error_coupon_limits } from '@/paraglide/messages/error_coupon_limits.js';
import { error_coupon_end_past } from '@/paraglide/messages/error_coupon_end_past.js';
import { error_coupon_code_exists } from '@/paraglide/messages/error_coupon_code_exists.js';
import { error_no_such_coupon } from '@/paraglide/messages/error_no_such_coupon.js';
import { error_coupon_used_keep } from '@/paraglide/messages/error_coupon_used_keep.js';
import { error_moderate_own_profile } from '@/paraglide/messages/error_moderate_own_profile.js';
import { error_profile_verified_already } from '@/paraglide/messages/error_profile_verified_already.js';
import { error_verification_decided } from '@/paraglide/messages/error_verification_decided.js';
import { error_profile_hidden_already } from '@/paraglide/messages/error_profile_hidden_already.js';
import { error_review_decided } from '@/paraglide/messages/error_review_decided.js';
import { error_no_such_report } from '@/paraglide/messages/error_no_such_report.js';
import { error_report_decided } from '@/paraglide/messages/error_report_decided.js';
import { error_moderate_own_call } from '@/paraglide/messages/error_moderate_own_call.js';
import { error_call_report_decided } from '@/paraglide/messages/error_call_report_decided.js';
import { error_poster_hidden } from '@/paraglide/messages/error_poster_hidden.js';
import { error_poster_held } from '@/paraglide/messages/error_poster_held.js';
import { error_call_not_publishable } from '@/paraglide/messages/error_call_not_publishable.js';
import { error_call_not_unpublishable } from '@/paraglide/messages/error_call_not_unpublishable.js';
import { error_no_such_user } from '@/paraglide/messages/error_no_such_user.js';
import { error_disable_self } from '@/paraglide/messages/error_disable_self.js';
import { error_last_admin } from '@/paraglide/messages/error_last_admin.js';
import { error_no_such_mail_retry } from '@/paraglide/messages/error_no_such_mail_retry.js';
import { error_no_such_saved_filters } from '@/paraglide/messages/error_no_such_saved_filters.js';
import { error_saved_filters_limit } from '@/paraglide/messages/error_saved_filters_limit.js';
import { error_write_floor_either } from '@/paraglide/messages/error_write_floor_either.js';
import { error_write_floor_not_written } from '@/paraglide/messages/error_write_floor_not_written.js';
import { error_text_too_long } from '@/paraglide/messages/error_text_too_long.js';
import { error_refund_min } from '@/paraglide/messages/error_refund_min.js';
import { error_link_site_path } from '@/paraglide/messages/error_link_site_path.js';
import { error_link_path_or_https } from '@/paraglide/messages/error_link_path_or_https.js';
import { error_image_uploaded_name } from '@/paraglide/messages/error_image_uploaded_name.js';
import { error_paise_whole } from '@/paraglide/messages/error_paise_whole.js';
import { error_stock_negative } from '@/paraglide/messages/error_stock_negative.js';
import { error_coupon_code_chars } from '@/paraglide/messages/error_coupon_code_chars.js';
import { error_actor_user_id } from '@/paraglide/messages/error_actor_user_id.js';
import { error_push_endpoint } from '@/paraglide/messages/error_push_endpoint.js';
import { error_push_keys } from '@/paraglide/messages/error_push_keys.js';
import { error_slot_missing } from '@/paraglide/messages/error_slot_missing.js';
import { error_slot_cancelled } from '@/paraglide/messages/error_slot_cancelled.js';
import { error_slot_shortlist_only } from '@/paraglide/messages/error_slot_shortlist_only.js';
import { error_slot_gone } from '@/paraglide/messages/error_slot_gone.js';
import { error_slot_taken } from '@/paraglide/messages/error_slot_taken.js';
import { error_slot_choose } from '@/paraglide/messages/error_slot_choose.js';
import { error_slot_place_or_link } from '@/paraglide/messages/error_slot_place_or_link.js';
import { error_no_such_tape } from '@/paraglide/messages/error_no_such_tape.js';
import { error_tapes_unavailable } from '@/paraglide/messages/error_tapes_unavailable.js';
import { error_tape_too_big } from '@/paraglide/messages/error_tape_too_big.js';
import { error_tape_uploads_unfinished } from '@/paraglide/messages/error_tape_uploads_unfinished.js';
import { error_tape_role_missing } from '@/paraglide/messages/error_tape_role_missing.js';
import { error_tape_not_asked_role } from '@/paraglide/messages/error_tape_not_asked_role.js';
import { error_tape_not_requested } from '@/paraglide/messages/error_tape_not_requested.js';
import { error_tape_deadline_passed } from '@/paraglide/messages/error_tape_deadline_passed.js';
import { error_tape_not_yours } from '@/paraglide/messages/error_tape_not_yours.js';
import { error_tape_incomplete } from '@/paraglide/messages/error_tape_incomplete.js';
import { error_tape_failed } from '@/paraglide/messages/error_tape_failed.js';
import { error_tape_taken } from '@/paraglide/messages/error_tape_taken.js';
import { error_tape_request_deadline_past } from '@/paraglide/messages/error_tape_request_deadline_past.js';
import { error_tape_request_closed } from '@/paraglide/messages/error_tape_request_closed.js';
import { error_tape_busy } from '@/paraglide/messages/error_tape_busy.js';
import { error_tape_id_number } from '@/paraglide/messages/error_tape_id_number.js';
import { error_gst_gstin_form } from '@/paraglide/messages/error_gst_gstin_form.js';
import { error_gst_state_code } from '@/paraglide/messages/error_gst_state_code.js';
import { error_gst_gstin_check } from '@/paraglide/messages/error_gst_gstin_check.js';
import { error_gst_gstin_state } from '@/paraglide/messages/error_gst_gstin_state.js';
import { error_gst_gstin_missing } from '@/paraglide/messages/error_gst_gstin_missing.js';
import { error_gst_legal_name } from '@/paraglide/messages/error_gst_legal_name.js';
import { error_gst_legal_name_long } from '@/paraglide/messages/error_gst_legal_name_long.js';
import { error_gst_address } from '@/paraglide/messages/error_gst_address.js';
import { error_gst_address_full } from '@/paraglide/messages/error_gst_address_full.js';
import { error_gst_address_long } from '@/paraglide/messages/error_gst_address_long.js';
import { error_gst_state } from '@/paraglide/messages/error_gst_state.js';
import { error_gst_hsn } from '@/paraglide/messages/error_gst_hsn.js';
import { error_gst_rate } from '@/paraglide/messages/error_gst_rate.js';
import { error_gst_no_invoice } from '@/paraglide/messages/error_gst_no_invoice.js';
import { error_gst_unavailable } from '@/paraglide/messages/error_gst_unavailable.js';
import { error_pay_unavailable } from '@/paraglide/messages/error_pay_unavailable.js';
import { error_pay_gateway_down } from '@/paraglide/messages/error_pay_gateway_down.js';
import { error_pay_unverified } from '@/paraglide/messages/error_pay_unverified.js';
import { error_pay_refund_failed } from '@/paraglide/messages/error_pay_refund_failed.js';
import { error_pay_cancel_waiting } from '@/paraglide/messages/error_pay_cancel_waiting.js';
import { error_pay_cancel_expired } from '@/paraglide/messages/error_pay_cancel_expired.js';
import { error_pay_waiting_limit } from '@/paraglide/messages/error_pay_waiting_limit.js';
import { error_grv_no_return } from '@/paraglide/messages/error_grv_no_return.js';
import { error_grv_window } from '@/paraglide/messages/error_grv_window.js';
import { error_grv_details } from '@/paraglide/messages/error_grv_details.js';
import { error_grv_items_of_order } from '@/paraglide/messages/error_grv_items_of_order.js';
import { error_grv_return_at_most } from '@/paraglide/messages/error_grv_return_at_most.js';
import { error_grv_photos_again } from '@/paraglide/messages/error_grv_photos_again.js';
import { error_grv_final } from '@/paraglide/messages/error_grv_final.js';
import { error_grv_move } from '@/paraglide/messages/error_grv_move.js';
import { error_grv_asked_for } from '@/paraglide/messages/error_grv_asked_for.js';
import { error_grv_why } from '@/paraglide/messages/error_grv_why.js';
import { error_grv_no_ticket } from '@/paraglide/messages/error_grv_no_ticket.js';
import { error_grv_acknowledged } from '@/paraglide/messages/error_grv_acknowledged.js';
import { error_grv_resolved } from '@/paraglide/messages/error_grv_resolved.js';
import { error_grv_how_many } from '@/paraglide/messages/error_grv_how_many.js';
import { error_grv_choose_items } from '@/paraglide/messages/error_grv_choose_items.js';
import { error_grv_reason } from '@/paraglide/messages/error_grv_reason.js';
import { error_grv_resolution } from '@/paraglide/messages/error_grv_resolution.js';
import { error_grv_write } from '@/paraglide/messages/error_grv_write.js';
import { error_grv_data_kind } from '@/paraglide/messages/error_grv_data_kind.js';
import { error_variants_choose } from '@/paraglide/messages/error_variants_choose.js';
import { error_variants_not_of_product } from '@/paraglide/messages/error_variants_not_of_product.js';
import { error_variants_one_kind } from '@/paraglide/messages/error_variants_one_kind.js';
import { error_variants_label_twice } from '@/paraglide/messages/error_variants_label_twice.js';
import { error_variants_no_such } from '@/paraglide/messages/error_variants_no_such.js';
import { error_variants_sku_taken } from '@/paraglide/messages/error_variants_sku_taken.js';
import { error_variants_sku_characters } from '@/paraglide/messages/error_variants_sku_characters.js';
import { error_variants_cart_unsized } from '@/paraglide/messages/error_variants_cart_unsized.js';
import { error_pin_unknown } from '@/paraglide/messages/error_pin_unknown.js';
import { error_pin_state_mismatch } from '@/paraglide/messages/error_pin_state_mismatch.js';
import { error_pin_cod_zone } from '@/paraglide/messages/error_pin_cod_zone.js';
import { error_pin_cod_total } from '@/paraglide/messages/error_pin_cod_total.js';
import { error_pin_transit_min } from '@/paraglide/messages/error_pin_transit_min.js';
import { error_pin_transit_max } from '@/paraglide/messages/error_pin_transit_max.js';
import { error_pin_transit_order } from '@/paraglide/messages/error_pin_transit_order.js';
import { error_pin_cod_limit_negative } from '@/paraglide/messages/error_pin_cod_limit_negative.js';

/** Each message takes its own inputs; the params of a refusal are its template's (see error-codes.ts). */
type Words = (inputs: never) => string;

const words: Record<ErrorCode, Words> = {
  email_not_confirmed: error_email_not_confirmed,
  code_wrong: error_code_wrong,
  code_tries_used: error_code_tries_used,
  code_used: error_code_used,
  code_expired: error_code_expired,
  code_tries_spent: error_code_tries_spent,
  code_too_soon: error_code_too_soon,
  code_too_many: error_code_too_many,
  code_too_many_network: error_code_too_many_network,
  sms_failed: error_sms_failed,
  order_already_cancelled: error_order_already_cancelled,
  order_refunded: error_order_refunded,
  order_shipped_no_cancel: error_order_shipped_no_cancel,
  order_cancel_window: error_order_cancel_window,
  order_perishable_no_cancel: error_order_perishable_no_cancel,
  code_too_many_today_hours: error_code_too_many_today_hours,
  code_too_many_today: error_code_too_many_today,
  code_no_longer_works: error_code_no_longer_works,
  password_guessed_use_phone: error_password_guessed_use_phone,
  phone_taken_log_in: error_phone_taken_log_in,
  phone_no_account: error_phone_no_account,
  phone_taken: error_phone_taken,
  phone_sign_in_fixed: error_phone_sign_in_fixed,
  staff_use_password: error_staff_use_password,
  phone_required: error_phone_required,
  phone_invalid: error_phone_invalid,
  code_enter: error_code_enter,
  code_digits: error_code_digits,
  purpose_invalid: error_purpose_invalid,
  email_taken: error_email_taken,
  login_wrong: error_login_wrong,
  account_disabled: error_account_disabled,
  password_too_common: error_password_too_common,
  too_many_wrong_passwords: error_too_many_wrong_passwords,
  password_not_right: error_password_not_right,
  password_not_current: error_password_not_current,
  password_same: error_password_same,
  no_password: error_no_password,
  sign_in_link_expired: error_sign_in_link_expired,
  confirm_link_expired: error_confirm_link_expired,
  reset_link_expired: error_reset_link_expired,
  data_link_expired: error_data_link_expired,
  no_email_to_confirm: error_no_email_to_confirm,
  no_email_to_claim: error_no_email_to_claim,
  links_too_many: error_links_too_many,
  log_in_first: error_log_in_first,
  session_expired: error_session_expired,
  not_allowed: error_not_allowed,
  name_required: error_name_required,
  name_too_short: error_name_too_short,
  name_too_long: error_name_too_long,
  password_required: error_password_required,
  password_too_short: error_password_too_short,
  password_too_long: error_password_too_long,
  new_password_too_short: error_new_password_too_short,
  new_password_too_long: error_new_password_too_long,
  current_password_enter: error_current_password_enter,
  new_password_enter: error_new_password_enter,
  language_invalid: error_language_invalid,
  sign_in_link_incomplete: error_sign_in_link_incomplete,
  sign_in_link_invalid: error_sign_in_link_invalid,
  reset_link_incomplete: error_reset_link_incomplete,
  reset_link_invalid: error_reset_link_invalid,
  confirm_link_incomplete: error_confirm_link_incomplete,
  confirm_link_invalid: error_confirm_link_invalid,
  email_required: error_email_required,
  email_like: error_email_like,
  phone_digits: error_phone_digits,
  link_https: error_link_https,
  address_line1_required: error_address_line1_required,
  address_line1_too_long: error_address_line1_too_long,
  address_line2_too_long: error_address_line2_too_long,
  city_required: error_city_required,
  city_too_long: error_city_too_long,
  state_required: error_state_required,
  state_too_long: error_state_too_long,
  pincode_required: error_pincode_required,
  pincode_invalid: error_pincode_invalid,
  addresses_limit: error_addresses_limit,
  no_such_address: error_no_such_address,
  profile_create_first: error_profile_create_first,
  no_profile_yet: error_no_profile_yet,
  no_such_profile: error_no_such_profile,
  own_profile: error_own_profile,
  profile_hidden: error_profile_hidden,
  guardian_not_confirmed_yet: error_guardian_not_confirmed_yet,
  handle_unavailable: error_handle_unavailable,
  handle_taken: error_handle_taken,
  handle_choose: error_handle_choose,
  handle_invalid: error_handle_invalid,
  person_category: error_person_category,
  crafts_person_only: error_crafts_person_only,
  date_of_birth_invalid: error_date_of_birth_invalid,
  minor_needs_guardian: error_minor_needs_guardian,
  photos_limit: error_photos_limit,
  no_such_photo: error_no_such_photo,
  link_incomplete: error_link_incomplete,
  kind_person_or_organisation: error_kind_person_or_organisation,
  image_multipart: error_image_multipart,
  image_choose: error_image_choose,
  image_too_large: error_image_too_large,
  image_unreadable: error_image_unreadable,
  image_type: error_image_type,
  image_too_many_pixels: error_image_too_many_pixels,
  image_not_uploaded: error_image_not_uploaded,
  uploads_limit: error_uploads_limit,
  images_unavailable: error_images_unavailable,
  no_such_call: error_no_such_call,
  no_such_role: error_no_such_role,
  no_such_role_in_call: error_no_such_role_in_call,
  role_closed_final: error_role_closed_final,
  role_closed: error_role_closed,
  role_already_closed: error_role_already_closed,
  role_has_applications: error_role_has_applications,
  apply_from_person: error_apply_from_person,
  apply_main_photo: error_apply_main_photo,
  apply_own_call: error_apply_own_call,
  apply_deadline_passed: error_apply_deadline_passed,
  apply_choose_photos: error_apply_choose_photos,
  apply_choose_reel: error_apply_choose_reel,
  apply_needs_reel: error_apply_needs_reel,
  apply_needs_self_tape: error_apply_needs_self_tape,
  apply_already: error_apply_already,
  no_such_application: error_no_such_application,
  application_not_withdrawable: error_application_not_withdrawable,
  application_final: error_application_final,
  application_can_become: error_application_can_become,
  callback_or_move: error_callback_or_move,
  no_callback: error_no_callback,
  say_where: error_say_where,
  callback_when: error_callback_when,
  callback_where: error_callback_where,
  callback_future: error_callback_future,
  undo_withdrawn: error_undo_withdrawn,
  undo_too_late: error_undo_too_late,
  deadline_invalid: error_deadline_invalid,
  deadline_future: error_deadline_future,
  deadline_too_far: error_deadline_too_far,
  deadline_enter: error_deadline_enter,
  deadline_format: error_deadline_format,
  city_or_remote: error_city_or_remote,
  shoot_dates: error_shoot_dates,
  scenes_describe: error_scenes_describe,
  age_range: error_age_range,
  pay_enter: error_pay_enter,
  self_tape_describe: error_self_tape_describe,
  calls_poster_kind: error_calls_poster_kind,
  calls_minor: error_calls_minor,
  call_closed: error_call_closed,
  roles_add: error_roles_add,
  roles_limit: error_roles_limit,
  languages_limit: error_languages_limit,
  applicants_choose: error_applicants_choose,
  applicants_limit: error_applicants_limit,
  reason_give: error_reason_give,
  report_own_profile: error_report_own_profile,
  report_own_call: error_report_own_call,
  reported_profile: error_reported_profile,
  reported_call: error_reported_call,
  verified_already: error_verified_already,
  verification_waiting: error_verification_waiting,
  messages_limit: error_messages_limit,
  conversations_limit: error_conversations_limit,
  minor_no_messages: error_minor_no_messages,
  no_such_conversation: error_no_such_conversation,
  member_left: error_member_left,
  no_such_message: error_no_such_message,
  guardian_link_invalid: error_guardian_link_invalid,
  guardian_only_minor: error_guardian_only_minor,
  guardian_confirmed_already: error_guardian_confirmed_already,
  guardian_resend_wait: error_guardian_resend_wait,
  guardian_replaced: error_guardian_replaced,
  applicant_not_minor: error_applicant_not_minor,
  link_invalid: error_link_invalid,
  applicant_guardian_pending: error_applicant_guardian_pending,
  answers_limit: error_answers_limit,
  no_such_account: error_no_such_account,
  product_gone: error_product_gone,
  product_not_sold: error_product_not_sold,
  no_such_product: error_no_such_product,
  cart_line_limit: error_cart_line_limit,
  not_in_cart: error_not_in_cart,
  not_in_wishlist: error_not_in_wishlist,
  cart_empty: error_cart_empty,
  cart_item_gone: error_cart_item_gone,
  cart_out_of_stock: error_cart_out_of_stock,
  cart_stock_left: error_cart_stock_left,
  total_changed: error_total_changed,
  no_such_order: error_no_such_order,
  payment_cod: error_payment_cod,
  coupon_required: error_coupon_required,
  coupon_too_long: error_coupon_too_long,
  message_required: error_message_required,
  message_too_short: error_message_too_short,
  message_too_long: error_message_too_long,
  contact_link_incomplete: error_contact_link_incomplete,
  contact_link_foreign: error_contact_link_foreign,
  contact_too_many: error_contact_too_many,
  idempotency_missing: error_idempotency_missing,
  idempotency_invalid: error_idempotency_invalid,
  idempotency_reused: error_idempotency_reused,
  idempotency_used: error_idempotency_used,
  nul_character: error_nul_character,
  not_json: error_not_json,
  body_too_large: error_body_too_large,
  invalid_request: error_invalid_request,
  date_time_invalid: error_date_time_invalid,
  date_invalid: error_date_invalid,
  date_not_on_calendar: error_date_not_on_calendar,
  enter_the: error_enter_the,
  is_required: error_is_required,
  too_long: error_too_long,
  too_large: error_too_large,
  too_small: error_too_small,
  one_or_more: error_one_or_more,
  whole_number: error_whole_number,
  a_number: error_a_number,
  true_or_false: error_true_or_false,
  one_of: error_one_of,
  among: error_among,
  at_most_items: error_at_most_items,
  zod_invalid_type: error_zod_invalid_type,
  zod_invalid_option: error_zod_invalid_option,
  zod_invalid_value: error_zod_invalid_value,
  zod_too_long: error_zod_too_long,
  zod_too_short: error_zod_too_short,
  zod_too_many: error_zod_too_many,
  zod_too_few: error_zod_too_few,
  zod_too_big: error_zod_too_big,
  zod_too_small: error_zod_too_small,
  zod_invalid_format: error_zod_invalid_format,
  zod_invalid: error_zod_invalid,
  coupon_unknown: error_coupon_unknown,
  coupon_inactive: error_coupon_inactive,
  coupon_not_started: error_coupon_not_started,
  coupon_expired: error_coupon_expired,
  coupon_cart_empty: error_coupon_cart_empty,
  coupon_min_order: error_coupon_min_order,
  coupon_redeemed: error_coupon_redeemed,
  coupon_used_once: error_coupon_used_once,
  coupon_used_times: error_coupon_used_times,
  email_one: error_email_one,
  email_invalid: error_email_invalid,
  email_too_long: error_email_too_long,
  out_of_stock: error_out_of_stock,
  stock_left: error_stock_left,
  opening_filled: error_opening_filled,
  openings_filled: error_openings_filled,
  reel_rule: error_reel_rule,
  order_final: error_order_final,
  order_can_become: error_order_can_become,
  reason_check: error_reason_check,
  too_many_accounts: error_too_many_accounts,
  too_many_logins: error_too_many_logins,
  too_many_sign_in_links: error_too_many_sign_in_links,
  too_many_confirm_links: error_too_many_confirm_links,
  too_many_reset_links: error_too_many_reset_links,
  too_many_wrong_passwords_wait: error_too_many_wrong_passwords_wait,
  refund_at_most: error_refund_at_most,
  refund_at_least: error_refund_at_least,
  last_day_before_first: error_last_day_before_first,
  no_such_category: error_no_such_category,
  must_be_true_or_false: error_must_be_true_or_false,
  either_of: error_either_of,
  photo_ids_numbers: error_photo_ids_numbers,
  time_like: error_time_like,
  date_like: error_date_like,
  year_invalid: error_year_invalid,
  or_later: error_or_later,
  category_exists: error_category_exists,
  category_pick: error_category_pick,
  price_above_mrp: error_price_above_mrp,
  no_such_item: error_no_such_item,
  percent_coupon_max: error_percent_coupon_max,
  coupon_end_after_start: error_coupon_end_after_start,
  coupon_limits: error_coupon_limits,
  coupon_end_past: error_coupon_end_past,
  coupon_code_exists: error_coupon_code_exists,
  no_such_coupon: error_no_such_coupon,
  coupon_used_keep: error_coupon_used_keep,
  moderate_own_profile: error_moderate_own_profile,
  profile_verified_already: error_profile_verified_already,
  verification_decided: error_verification_decided,
  profile_hidden_already: error_profile_hidden_already,
  review_decided: error_review_decided,
  no_such_report: error_no_such_report,
  report_decided: error_report_decided,
  moderate_own_call: error_moderate_own_call,
  call_report_decided: error_call_report_decided,
  poster_hidden: error_poster_hidden,
  poster_held: error_poster_held,
  call_not_publishable: error_call_not_publishable,
  call_not_unpublishable: error_call_not_unpublishable,
  no_such_user: error_no_such_user,
  disable_self: error_disable_self,
  last_admin: error_last_admin,
  no_such_mail_retry: error_no_such_mail_retry,
  write_floor_either: error_write_floor_either,
  write_floor_not_written: error_write_floor_not_written,
  text_too_long: error_text_too_long,
  refund_min: error_refund_min,
  link_site_path: error_link_site_path,
  link_path_or_https: error_link_path_or_https,
  image_uploaded_name: error_image_uploaded_name,
  paise_whole: error_paise_whole,
  stock_negative: error_stock_negative,
  coupon_code_chars: error_coupon_code_chars,
  actor_user_id: error_actor_user_id,
  push_endpoint: error_push_endpoint,
  push_keys: error_push_keys,
  saved_filters_limit: error_saved_filters_limit,
  no_such_saved_filters: error_no_such_saved_filters,
  slot_missing: error_slot_missing,
  slot_cancelled: error_slot_cancelled,
  slot_shortlist_only: error_slot_shortlist_only,
  slot_gone: error_slot_gone,
  slot_taken: error_slot_taken,
  slot_choose: error_slot_choose,
  slot_place_or_link: error_slot_place_or_link,
  no_such_tape: error_no_such_tape,
  tapes_unavailable: error_tapes_unavailable,
  tape_too_big: error_tape_too_big,
  tape_role_missing: error_tape_role_missing,
  tape_not_asked_role: error_tape_not_asked_role,
  tape_not_requested: error_tape_not_requested,
  tape_deadline_passed: error_tape_deadline_passed,
  tape_not_yours: error_tape_not_yours,
  tape_incomplete: error_tape_incomplete,
  tape_failed: error_tape_failed,
  tape_taken: error_tape_taken,
  tape_request_deadline_past: error_tape_request_deadline_past,
  tape_request_closed: error_tape_request_closed,
  tape_busy: error_tape_busy,
  tape_id_number: error_tape_id_number,
  gst_gstin_form: error_gst_gstin_form,
  gst_state_code: error_gst_state_code,
  gst_gstin_check: error_gst_gstin_check,
  gst_gstin_state: error_gst_gstin_state,
  gst_gstin_missing: error_gst_gstin_missing,
  gst_legal_name: error_gst_legal_name,
  gst_legal_name_long: error_gst_legal_name_long,
  gst_address: error_gst_address,
  gst_address_full: error_gst_address_full,
  gst_address_long: error_gst_address_long,
  gst_state: error_gst_state,
  gst_hsn: error_gst_hsn,
  gst_rate: error_gst_rate,
  gst_no_invoice: error_gst_no_invoice,
  gst_unavailable: error_gst_unavailable,
  pay_unavailable: error_pay_unavailable,
  pay_gateway_down: error_pay_gateway_down,
  pay_unverified: error_pay_unverified,
  pay_refund_failed: error_pay_refund_failed,
  pay_cancel_waiting: error_pay_cancel_waiting,
  pay_cancel_expired: error_pay_cancel_expired,
  pay_waiting_limit: error_pay_waiting_limit,
  tape_uploads_unfinished: error_tape_uploads_unfinished,
  grv_no_return: error_grv_no_return,
  grv_window: error_grv_window,
  grv_details: error_grv_details,
  grv_items_of_order: error_grv_items_of_order,
  grv_return_at_most: error_grv_return_at_most,
  grv_photos_again: error_grv_photos_again,
  grv_final: error_grv_final,
  grv_move: error_grv_move,
  grv_asked_for: error_grv_asked_for,
  grv_why: error_grv_why,
  grv_no_ticket: error_grv_no_ticket,
  grv_acknowledged: error_grv_acknowledged,
  grv_resolved: error_grv_resolved,
  grv_how_many: error_grv_how_many,
  grv_choose_items: error_grv_choose_items,
  grv_reason: error_grv_reason,
  grv_resolution: error_grv_resolution,
  grv_write: error_grv_write,
  grv_data_kind: error_grv_data_kind,
  variants_choose: error_variants_choose,
  variants_not_of_product: error_variants_not_of_product,
  variants_one_kind: error_variants_one_kind,
  variants_label_twice: error_variants_label_twice,
  variants_no_such: error_variants_no_such,
  variants_sku_taken: error_variants_sku_taken,
  variants_sku_characters: error_variants_sku_characters,
  variants_cart_unsized: error_variants_cart_unsized,
  pin_unknown: error_pin_unknown,
  pin_state_mismatch: error_pin_state_mismatch,
  pin_cod_zone: error_pin_cod_zone,
  pin_cod_total: error_pin_cod_total,
  pin_transit_min: error_pin_transit_min,
  pin_transit_max: error_pin_transit_max,
  pin_transit_order: error_pin_transit_order,
  pin_cod_limit_negative: error_pin_cod_limit_negative,
};

function say(code: ErrorCode, params: ErrorParams): string {
  return (words[code] as (inputs: ErrorParams) => string)(params);
}

/** The words of a code in the page's language, or undefined for a code this app does not know (a newer server's). */
export function wordsOf(code: unknown, params: ErrorParams = {}): string | undefined {
  return isErrorCode(code) ? say(code, params) : undefined;
}

/** The words for an English text of the contract's schemas, or the text itself when no code fills it. */
export function wordsFor(english: string): string {
  const found = findErrorCode(english);
  return found ? say(found.code, found.params ?? {}) : english;
}
