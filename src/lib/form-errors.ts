import { schemaResolver } from '@mantine/form';
import { ApiError, NetworkError } from './api-client';
import { errors_ui_our_side_retry } from '@/paraglide/messages/errors_ui_our_side_retry.js';
import { contractText, loadRefusalWords } from './refusals';

interface FormWithErrors {
  setFieldError(path: string, error: string): void;
  getValues(): unknown;
}

function hasPath(values: unknown, path: string): boolean {
  let current: unknown = values;
  for (const part of path.split('.')) {
    if (!current || typeof current !== 'object' || !(part in current)) return false;
    current = (current as Record<string, unknown>)[part];
  }
  return true;
}

/**
 * Shows a server refusal next to the field it names when the form has that field (`address.pincode` included);
 * returns the message for a banner otherwise, or null when it was placed on a field.
 */
export function applyServerError(form: FormWithErrors, error: unknown, offlineMessage: string): string | null {
  if (error instanceof ApiError) {
    if (error.field && hasPath(form.getValues(), error.field)) {
      form.setFieldError(error.field, error.message);
      return null;
    }
    return error.message;
  }
  if (error instanceof NetworkError) return offlineMessage;
  return errors_ui_our_side_retry();
}

/**
 * A form's check by a contract schema (Mantine's `schemaResolver`, at once), with the schema's English texts in the
 * page's language: the contract writes English, whose codes have words in every language (src/contract/error-codes.ts).
 */
export function contractResolver(schema: Parameters<typeof schemaResolver>[0]) {
  const check = schemaResolver(schema, { sync: true });
  // Loaded while the form is filled in (as by focusFirstError), so its first check reads in the page's language.
  void loadRefusalWords();
  return (values: unknown) => {
    const errors = check(values);
    for (const [path, error] of Object.entries(errors)) {
      if (typeof error === 'string') errors[path] = contractText(error);
    }
    return errors;
  };
}

/** How Mantine marks a field in error: `aria-invalid`, or `data-invalid` on a password's input. */
const FIELD_IN_ERROR = '[aria-invalid="true"], :is(input, textarea, select)[data-invalid]';

/** The first field in error that is on screen, else the form's alert. */
function firstError(form: HTMLFormElement): HTMLElement | null {
  const shown = (element: HTMLElement) => element.getClientRects().length > 0;
  const fields = [...form.querySelectorAll<HTMLElement>(FIELD_IN_ERROR)].filter(shown);
  if (fields[0]) return fields[0];
  return [...form.querySelectorAll<HTMLElement>('[role="alert"]')].find(shown) ?? null;
}

/**
 * A form's ref, for every form of the app (`<form ref={focusFirstError}>`): after a submit, the first field in error
 * (or, when no field is, the form's alert) takes focus and is scrolled to the middle of the screen as soon as it shows,
 * whether the form's own check marked it at once or the server's answer did seconds later. On a phone the person
 * presses a button at the foot of a long form while the error is far above it. Typing or moving to another field
 * stands it down, so a late answer never pulls focus from someone who is already fixing things.
 */
export function focusFirstError(form: HTMLFormElement | null): (() => void) | undefined {
  if (!form) return undefined;
  // A form may meet a refusal: its words in the page's language are loaded while it is filled in.
  void loadRefusalWords();
  let armed = false;
  let check = 0;
  const show = () => {
    if (!armed) return;
    const target = firstError(form);
    if (!target) return;
    armed = false;
    // An alert is focused to be read out; it is not a stop of the Tab order.
    if (target.getAttribute('role') === 'alert' && !target.hasAttribute('tabindex')) target.tabIndex = -1;
    target.focus({ preventScroll: true });
    target.scrollIntoView({ block: 'center' });
  };
  const observer = new MutationObserver(show);
  observer.observe(form, {
    subtree: true,
    childList: true,
    attributes: true,
    attributeFilter: ['aria-invalid', 'data-invalid'],
  });
  const onSubmit = () => {
    armed = true;
    // Errors the submit left as they were change nothing in the page: look once its handlers have rendered.
    window.clearTimeout(check);
    check = window.setTimeout(show);
  };
  const standDown = () => {
    armed = false;
  };
  form.addEventListener('submit', onSubmit);
  form.addEventListener('input', standDown);
  form.addEventListener('focusin', standDown);
  return () => {
    observer.disconnect();
    window.clearTimeout(check);
    form.removeEventListener('submit', onSubmit);
    form.removeEventListener('input', standDown);
    form.removeEventListener('focusin', standDown);
  };
}
