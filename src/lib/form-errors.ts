import { ApiError, NetworkError } from './api-client';

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
  return 'Something went wrong on our side. Please try again.';
}
