import { AppError } from '../../../../src-shared/errors';

/** A backend refusal's message when its path starts with `path`, to show beside that field. */
export function serverFieldError(error: unknown, ...path: (string | number)[]): string | undefined {
  if (!(error instanceof AppError)) return undefined;
  const starts = (p?: (string | number)[]) => !!p && path.every((x, i) => p[i] === x);
  if (starts(error.path)) return error.message;
  return error.issues?.find((i) => starts(i.path))?.message;
}
