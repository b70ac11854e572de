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

/** YYYY-MM-DD, or empty when the person has not given it. */
export const OptionalWireDateSchema = v.pipe(
  v.string(MESSAGES.dateFormat),
  v.trim(),
  v.check((value) => value === '' || isWireDate(value), MESSAGES.dateFormat),
);

/** Binary content sent inline (avatars, logos): base64 plus MIME type. Field records use content-addressed files. */
export const InlineImageSchema = v.object({
  Tipo: v.picklist(['image/png', 'image/jpeg', 'image/webp'], 'La imagen debe ser PNG, JPEG o WebP'),
  Datos: v.pipe(
    v.string('La imagen es requerida'),
    v.regex(/^[A-Za-z0-9+/]+={0,2}$/, 'La imagen no es válida'),
    v.maxLength(2_800_000, 'La imagen no puede superar 2 MB'),
  ),
});
export type InlineImage = v.InferOutput<typeof InlineImageSchema>;
