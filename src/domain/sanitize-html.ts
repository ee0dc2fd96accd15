// The DOMPurify set-up shared by the app and the ideas portal: the one gate between stored HTML
// (descriptions, themes, responses, comments — the service stores what clients send) and the page.
// No React here, so each side wraps it in its own view and loads DOMPurify with that view's chunk.
import DOMPurify from 'dompurify';

/** Never kept, anywhere: styles, forms and their controls. */
const FORBID_TAGS = ['style', 'form', 'input', 'button', 'textarea', 'select'];
const FORBID_ATTR = ['style'];

let hooked = false;
function purifier(): typeof DOMPurify {
  if (!hooked) {
    // Links open in a new tab without handing the opener to the linked page.
    DOMPurify.addHook('afterSanitizeAttributes', (node) => {
      if (node.tagName === 'A' && node.getAttribute('href')) {
        node.setAttribute('target', '_blank');
        node.setAttribute('rel', 'noopener noreferrer');
      }
    });
    hooked = true;
  }
  return DOMPurify;
}

/** Sanitises stored HTML; `forbidTags` and `forbidAttr` are dropped as well as the shared ones. */
export function sanitizeStoredHtml(html: string, forbidTags: readonly string[] = [], forbidAttr: readonly string[] = []): string {
  return purifier().sanitize(html, {
    USE_PROFILES: { html: true },
    FORBID_TAGS: [...FORBID_TAGS, ...forbidTags],
    FORBID_ATTR: [...FORBID_ATTR, ...forbidAttr],
  });
}
