// The message at the top of a form for problems that belong to no single field (or a failed save).
import type { ReactNode } from 'react';

export interface FormErrorProps {
  /** One message or several; nothing is rendered when empty. */
  messages: string | readonly string[] | null | undefined;
  title?: ReactNode;
}

export function FormError({ messages, title = 'The form could not be saved' }: FormErrorProps) {
  const list = messages === null || messages === undefined ? [] : typeof messages === 'string' ? [messages] : messages;
  if (list.length === 0) return null;
  return (
    <div className="form-error" role="alert">
      <p className="form-error__title">{title}</p>
      {list.length === 1 ? (
        <p className="form-error__message">{list[0]}</p>
      ) : (
        <ul className="form-error__list">
          {list.map((m) => (
            <li key={m}>{m}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
