// Confirmation before something destructive, on the native <dialog>: showModal() makes the rest of
// the page inert, Escape cancels, Tab cycles inside, and focus returns to where it was on close.
import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode, type RefObject } from 'react';
import { Button } from './button';

export interface ConfirmDialogProps {
  open: boolean;
  title: ReactNode;
  /** What will happen, in a sentence or two. */
  children?: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  /** `danger` for deletions (the default), `primary` otherwise. */
  intent?: 'danger' | 'primary';
  pending?: boolean;
  /** A failure of the confirmed action, shown inside the dialog so the person can retry or cancel. */
  error?: string | null | undefined;
  onConfirm: () => void;
  onCancel: () => void;
  /** The confirm button waits for a choice made inside the dialog (e.g. the idea to merge into). */
  confirmDisabled?: boolean;
  /** Where focus starts instead of Cancel: a dialog that asks for input starts in its field. */
  initialFocus?: RefObject<HTMLElement | null>;
  /** `wide` for a dialog that holds a list to choose from (suggestions with their details). */
  size?: 'md' | 'wide';
}

const FOCUSABLE = 'button:not([disabled]), [href], input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel = 'Delete',
  cancelLabel = 'Cancel',
  intent = 'danger',
  pending = false,
  error,
  onConfirm,
  onCancel,
  confirmDisabled = false,
  initialFocus,
  size = 'md',
}: ConfirmDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const returnFocus = useRef<Element | null>(null);
  const titleId = useId();
  const bodyId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      returnFocus.current = document.activeElement;
      // jsdom (tests) has no showModal; the attribute gives the same visible result there.
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
      (initialFocus?.current ?? cancelRef.current)?.focus();
    } else if (!open && dialog.open) {
      if (typeof dialog.close === 'function') dialog.close();
      else dialog.removeAttribute('open');
      const back = returnFocus.current;
      if (back instanceof HTMLElement && back.isConnected) back.focus();
    }
  }, [open, initialFocus]);

  function onKeyDown(event: KeyboardEvent<HTMLDialogElement>) {
    if (event.key === 'Escape') {
      event.preventDefault();
      if (!pending) onCancel();
      return;
    }
    if (event.key !== 'Tab') return;
    const items = Array.from(event.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE));
    const first = items[0];
    const last = items[items.length - 1];
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  }

  return (
    <dialog
      ref={ref}
      className={size === 'wide' ? 'dialog dialog--wide' : 'dialog'}
      aria-labelledby={titleId}
      aria-describedby={children ? bodyId : undefined}
      onKeyDown={onKeyDown}
      // The native cancel (Escape) would close the dialog behind React's back.
      onCancel={(event) => {
        event.preventDefault();
        if (!pending) onCancel();
      }}
    >
      {open ? (
        <div className="dialog__content">
          <h2 className="dialog__title" id={titleId}>
            {title}
          </h2>
          {children ? (
            <div className="dialog__body" id={bodyId}>
              {children}
            </div>
          ) : null}
          {error ? (
            <p className="field__error" role="alert">
              {error}
            </p>
          ) : null}
          <div className="dialog__actions">
            <Button ref={cancelRef} onClick={onCancel} disabled={pending}>
              {cancelLabel}
            </Button>
            <Button variant={intent} onClick={onConfirm} pending={pending} disabled={confirmDisabled}>
              {confirmLabel}
            </Button>
          </div>
        </div>
      ) : null}
    </dialog>
  );
}
