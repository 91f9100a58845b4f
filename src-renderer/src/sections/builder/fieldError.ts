import { AppError } from '../../../../src-shared/errors';

/** The message of a failed request when it concerns this field, to show under the field itself. */
export function fieldError(error: unknown, field: string): string | undefined {
  if (!(error instanceof AppError)) return undefined;
  if (error.path?.[0] === field) return error.message;
  const issue = error.issues?.find((i) => i.path[0] === field);
  return issue?.message;
}
