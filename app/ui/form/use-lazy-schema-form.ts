import { type FormEvent, useRef, useState } from 'react';
import type { GenericSchema, InferOutput } from 'valibot';
import type { InputFieldProps } from './input-field.tsx';

type Values = Record<string, string>;
type FieldErrors<T> = Partial<Record<keyof T, string>>;
type Checked<S extends GenericSchema> = { output: InferOutput<S> } | { errors: FieldErrors<InferOutput<S>> };

async function check<S extends GenericSchema>(loadSchema: () => Promise<S>, values: Values): Promise<Checked<S>> {
  const [v, schema] = await Promise.all([import('valibot'), loadSchema()]);
  const result = v.safeParse(schema, values);
  if (result.success) return { output: result.output };
  const errors: Record<string, string> = {};
  for (const issue of result.issues) {
    const key = issue.path?.[0]?.key;
    if (typeof key === 'string' && !(key in errors)) errors[key] = issue.message;
  }
  return { errors: errors as FieldErrors<InferOutput<S>> };
}

/**
 * A form of text fields checked by a shared schema, for a screen that must not carry react-hook-form or valibot (the
 * sign-in screen, first-screen budget): the schema and valibot load on the first submit. It answers as
 * react-hook-form does by default: checked on submit and then on every change, with the first wrong field focused.
 */
export function useLazySchemaForm<T extends Values, S extends GenericSchema>(defaults: T, loadSchema: () => Promise<S>) {
  const [values, setValues] = useState(defaults);
  const [errors, setErrors] = useState<FieldErrors<T>>({});
  const [isSubmitting, setSubmitting] = useState(false);
  const submitted = useRef(false);
  const latest = useRef(values);
  const inputs = useRef(new Map<keyof T, HTMLIonInputElement>());

  const recheck = async (name: keyof T) => {
    const result = await check(loadSchema, latest.current).catch(() => null);
    if (!result) return;
    const error = 'errors' in result ? (result.errors as FieldErrors<T>)[name] : undefined;
    setErrors((current) => ({ ...current, [name]: error }));
  };

  const field = (name: keyof T & string): Pick<InputFieldProps, 'name' | 'value' | 'error' | 'onValueChange' | 'inputRef'> => ({
    name,
    value: values[name] ?? '',
    error: errors[name],
    onValueChange: (value) => {
      latest.current = { ...latest.current, [name]: value };
      setValues(latest.current);
      if (submitted.current) void recheck(name);
    },
    inputRef: (element) => {
      if (element) inputs.current.set(name, element);
      else inputs.current.delete(name);
    },
  });

  const handleSubmit =
    (onValid: (output: InferOutput<S>) => Promise<unknown>, onFailure: (error: unknown) => void) => async (event: FormEvent) => {
      event.preventDefault();
      submitted.current = true;
      setSubmitting(true);
      try {
        const result = await check(loadSchema, latest.current);
        if ('errors' in result) {
          const found = result.errors as FieldErrors<T>;
          setErrors(found);
          const first = (Object.keys(defaults) as (keyof T)[]).find((name) => found[name]);
          if (first) void inputs.current.get(first)?.setFocus();
          return;
        }
        setErrors({});
        await onValid(result.output);
      } catch (error) {
        onFailure(error);
      } finally {
        setSubmitting(false);
      }
    };

  return { field, handleSubmit, isSubmitting };
}
