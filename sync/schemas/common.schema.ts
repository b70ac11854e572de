import * as v from 'valibot';
import { isWireDate } from '../domain/dates.ts';
import { cleanRut, rutError, RUT_MESSAGES } from '../domain/rut.ts';

export const PASSWORD_MIN_LENGTH = 8;

export const MESSAGES = {
  emailRequired: 'El correo es requerido',
  emailFormat: 'El formato es incorrecto',
  passwordRequired: 'La contraseña es requerida',
  passwordMin: 'La nueva contraseña debe tener al menos 8 caracteres',
  confirmRequired: 'La confirmación de contraseña es requerida',
  passwordsDiffer: 'Las contraseñas no coinciden',
  codeRequired: 'El código es requerido',
  dateFormat: 'La fecha debe tener el formato AAAA-MM-DD',
  rangeReversed: 'Fecha inicial no puede ser mayor que Fecha final',
  phoneFormat: 'El teléfono debe tener entre 8 y 15 dígitos',
} as const;

export const RutSchema = v.pipe(
  v.string(RUT_MESSAGES.required),
  v.trim(),
  v.check((value) => rutError(value) === null, (issue) => rutError(issue.input as string) ?? RUT_MESSAGES.invalid),
  v.transform(cleanRut),
);

export const EmailSchema = v.pipe(
  v.string(MESSAGES.emailRequired),
  v.trim(),
  v.nonEmpty(MESSAGES.emailRequired),
  v.email(MESSAGES.emailFormat),
  v.toLowerCase(),
);

export const CurrentPasswordSchema = v.pipe(v.string(MESSAGES.passwordRequired), v.nonEmpty(MESSAGES.passwordRequired));

export const NewPasswordSchema = v.pipe(
  v.string(MESSAGES.passwordRequired),
  v.trim(),
  v.nonEmpty(MESSAGES.passwordRequired),
  v.minLength(PASSWORD_MIN_LENGTH, MESSAGES.passwordMin),
);

export const ConfirmPasswordSchema = v.pipe(
  v.string(MESSAGES.confirmRequired),
  v.trim(),
  v.nonEmpty(MESSAGES.confirmRequired),
  v.minLength(PASSWORD_MIN_LENGTH, MESSAGES.passwordMin),
);

/** YYYY-MM-DD. */
export const WireDateSchema = v.pipe(v.string(MESSAGES.dateFormat), v.trim(), v.check(isWireDate, MESSAGES.dateFormat));

/** A required text of up to `max` characters, trimmed; every refusal says `message`. */
export const requiredText = (message: string, max: number) =>
  v.pipe(v.string(message), v.trim(), v.nonEmpty(message), v.maxLength(max, message));

/** YYYY-MM-DD, or empty when the person has not given it. */
export const OptionalWireDateSchema = v.pipe(
  v.string(MESSAGES.dateFormat),
  v.trim(),
  v.check((value) => value === '' || isWireDate(value), MESSAGES.dateFormat),
);

export const INLINE_IMAGE_MAX_BYTES = 2 * 1024 * 1024;
export const IMAGE_MESSAGES = {
  type: 'La imagen debe ser PNG, JPEG o WebP',
  required: 'La imagen es requerida',
  invalid: 'La imagen no es válida',
  tooLarge: 'La imagen no puede superar 2 MB',
} as const;

/** Binary content sent inline (avatars, logos): base64 plus MIME type. Field records use content-addressed files. */
export const InlineImageSchema = v.object({
  Tipo: v.picklist(['image/png', 'image/jpeg', 'image/webp'], IMAGE_MESSAGES.type),
  Datos: v.pipe(
    v.string(IMAGE_MESSAGES.required),
    v.regex(/^[A-Za-z0-9+/]+={0,2}$/, IMAGE_MESSAGES.invalid),
    // base64 grows 4/3: this is the 2 MiB limit on the decoded image.
    v.maxLength(Math.ceil((INLINE_IMAGE_MAX_BYTES * 4) / 3) + 4, IMAGE_MESSAGES.tooLarge),
  ),
});
export type InlineImage = v.InferOutput<typeof InlineImageSchema>;

/** A phone as people write it (+56 9 1234 5678), 8 to 15 digits, or empty. */
export const PhoneSchema = v.pipe(
  v.string(MESSAGES.phoneFormat),
  v.trim(),
  v.check((value) => value === '' || (/^\+?[\d\s-]{8,20}$/.test(value) && value.replace(/\D/g, '').length >= 8 && value.replace(/\D/g, '').length <= 15), MESSAGES.phoneFormat),
);
