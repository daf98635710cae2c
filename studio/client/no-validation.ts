import type { RJSFSchema, ValidatorType } from '@rjsf/utils';

/**
 * The forms' validator: none in the page. The content is checked by the compiler on the server
 * as the maintainer types (the same checks as `--check`, cross-file ones included), and its
 * diagnostics show at their fields (`extraErrors`); ajv in the page would need `eval`, which the
 * studio's Content-Security-Policy forbids. The schemas use no oneOf, anyOf or if (the only
 * places a form asks its validator which branch data matches): every value is taken as valid.
 */
export const noValidation: ValidatorType<unknown, RJSFSchema> = {
  validateFormData: () => ({ errors: [], errorSchema: {} }),
  isValid: () => true,
  rawValidation: () => ({ errors: [] }),
};
