export {
  emailValidator,
  type FieldValidator,
  httpUrlValidator,
  type IntegerBounds,
  integerError,
  integerValidator,
  isEmail,
  isHttpUrl,
  isInteger,
  requiredValidator,
} from './validation.ts';
