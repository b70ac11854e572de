export interface FormMessageValue {
  tone: 'error' | 'success';
  text: string;
}

/** The server's answer above a form; both live regions stay mounted so screen readers announce changes. */
export function FormMessage({ message }: { message: FormMessageValue | null }) {
  return (
    <>
      <div role="alert">{message?.tone === 'error' && <p className="notice notice--error">{message.text}</p>}</div>
      <div role="status">{message?.tone === 'success' && <p className="notice notice--success">{message.text}</p>}</div>
    </>
  );
}
