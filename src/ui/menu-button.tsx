// The kit's menu button (the WAI-ARIA menu button pattern): a button with `aria-haspopup="menu"` and
// the `role="menu"` list it opens. The status board's card "Move" and the layout editor's row "Move to
// another section" are this one piece with their own names, classes and items.
import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode, type RefObject } from 'react';

export interface MenuButtonItem {
  key: string;
  content: ReactNode;
  onSelect: () => void;
}

export interface MenuButtonProps {
  /** The items; with none the button is disabled (there is nothing to choose). */
  items: readonly MenuButtonItem[];
  /** The button's accessible name; the menu takes it too unless `menuLabel` names it. */
  label: string;
  /** What the button shows (an icon, a word). */
  children: ReactNode;
  /** The button's id; the menu's is `<id>-menu`. One of its own when not given. */
  id?: string | undefined;
  /** A ref the owner keeps on the button, e.g. to give it the focus again after a pick moved the row. */
  buttonRef?: RefObject<HTMLButtonElement | null> | undefined;
  title?: string | undefined;
  /** The menu's own name; without it the menu is labelled by its button. */
  menuLabel?: string | undefined;
  /** A line above the items that is no item (hidden from assistive technology: the name says it). */
  menuTitle?: ReactNode;
  className?: string | undefined;
  menuClassName: string;
  itemClassName: string;
  titleClassName?: string | undefined;
  /** The menu's width in px: it is placed under the button's right edge and kept inside the window. */
  width: number;
}

type Open = { top: number; left: number; focus: 'first' | 'last' };

/**
 * Enter, Space or ↓ opens the menu on the first item (↑ on the last), ↑/↓/Home/End move, Enter or
 * Space picks, Escape closes back to the button and Tab closes onward. The menu is fixed to the
 * window, so a column's or a board's edge never clips it; a scroll, a resize or a click elsewhere
 * closes it, as it no longer stands where it belongs.
 */
export function MenuButton({
  items,
  label,
  children,
  id,
  buttonRef,
  title,
  menuLabel,
  menuTitle,
  className,
  menuClassName,
  itemClassName,
  titleClassName,
  width,
}: MenuButtonProps) {
  const ownId = useId();
  const buttonId = id ?? `${ownId}-button`;
  const menuId = `${buttonId}-menu`;
  const [open, setOpen] = useState<Open | null>(null);
  const ownButton = useRef<HTMLButtonElement>(null);
  const button = buttonRef ?? ownButton;
  const menuRef = useRef<HTMLUListElement>(null);

  const openMenu = (focus: Open['focus']) => {
    const box = button.current?.getBoundingClientRect();
    if (!box) return;
    setOpen({ top: box.bottom + 4, left: Math.max(8, Math.min(box.right - width, window.innerWidth - width - 8)), focus });
  };
  const close = (refocus: boolean) => {
    setOpen(null);
    if (refocus) button.current?.focus();
  };

  const isOpen = open !== null;
  const focusAt = open?.focus;
  useEffect(() => {
    if (!isOpen) return;
    const found = menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]');
    found?.[focusAt === 'last' ? found.length - 1 : 0]?.focus();
    const onPointer = (event: PointerEvent) => {
      const target = event.target;
      if (target instanceof Node && (menuRef.current?.contains(target) || button.current?.contains(target))) return;
      setOpen(null);
    };
    const onScroll = () => setOpen(null);
    document.addEventListener('pointerdown', onPointer);
    window.addEventListener('scroll', onScroll, true);
    window.addEventListener('resize', onScroll);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      window.removeEventListener('scroll', onScroll, true);
      window.removeEventListener('resize', onScroll);
    };
  }, [isOpen, focusAt, button]);

  const onMenuKey = (event: KeyboardEvent<HTMLUListElement>) => {
    const found = [...(menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
    const at = found.indexOf(document.activeElement as HTMLElement);
    const go = (i: number) => found[(i + found.length) % found.length]?.focus();
    if (event.key === 'ArrowDown') go(at + 1);
    else if (event.key === 'ArrowUp') go(at - 1);
    else if (event.key === 'Home') go(0);
    else if (event.key === 'End') go(found.length - 1);
    else if (event.key === 'Escape') close(true);
    else if (event.key === 'Tab') close(false);
    else return;
    // Tab goes on to the next stop as it would without the menu.
    if (event.key !== 'Tab') event.preventDefault();
  };
  // The focus goes back to the button before the owner acts, so a pick that moves the row can move it on.
  const pick = (item: MenuButtonItem) => {
    close(true);
    item.onSelect();
  };

  return (
    <>
      <button
        ref={button}
        type="button"
        id={buttonId}
        className={className}
        aria-label={label}
        title={title}
        aria-haspopup="menu"
        aria-expanded={isOpen}
        aria-controls={isOpen ? menuId : undefined}
        disabled={items.length === 0}
        onClick={() => (isOpen ? close(false) : openMenu('first'))}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
            event.preventDefault();
            openMenu(event.key === 'ArrowDown' ? 'first' : 'last');
          }
        }}
      >
        {children}
      </button>
      {open ? (
        <ul
          ref={menuRef}
          className={menuClassName}
          id={menuId}
          role="menu"
          aria-label={menuLabel}
          aria-labelledby={menuLabel === undefined ? buttonId : undefined}
          style={{ top: open.top, left: open.left }}
          onKeyDown={onMenuKey}
        >
          {menuTitle === undefined ? null : (
            <li role="presentation" className={titleClassName} aria-hidden="true">
              {menuTitle}
            </li>
          )}
          {items.map((item) => (
            <li
              key={item.key}
              role="menuitem"
              tabIndex={-1}
              className={itemClassName}
              onClick={() => pick(item)}
              onKeyDown={(event) => {
                if (event.key === 'Enter' || event.key === ' ') {
                  event.preventDefault();
                  pick(item);
                }
              }}
            >
              {item.content}
            </li>
          ))}
        </ul>
      ) : null}
    </>
  );
}
