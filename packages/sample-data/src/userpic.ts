/**
 * Builds a `data:` URI from SVG markup. Percent-encoding (rather than base64)
 * keeps the URI short and readable, and avoids needing `btoa`/`Buffer`, so the
 * same code runs unchanged in browsers and Node.
 */
function svgDataUri(svg: string): string {
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}

/** Escapes the characters that would break out of SVG text content. */
function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

/**
 * Display name used for every assistant message.
 */
export const ASSISTANT_NAME = 'Assistant';

/**
 * Icon used for every assistant message: a self-contained SVG `data:` URI, so
 * it renders offline and never triggers a network request.
 */
// Pure, like every top-level value of this package: an unused export must be
// droppable by a bundler (see SUPPORTED_LOCALES).
export const ASSISTANT_USERPIC: string = /* @__PURE__ */ svgDataUri(
  '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64">' +
    '<rect width="64" height="64" rx="14" fill="#10a37f"/>' +
    '<rect x="16" y="20" width="32" height="26" rx="6" fill="#fff"/>' +
    '<circle cx="26" cy="33" r="4" fill="#10a37f"/>' +
    '<circle cx="38" cy="33" r="4" fill="#10a37f"/>' +
    '<rect x="30" y="10" width="4" height="10" fill="#fff"/>' +
    '<circle cx="32" cy="10" r="4" fill="#fff"/>' +
    '</svg>',
);

/**
 * Makes an avatar `data:` URI: a circle in the given hue with the name's
 * initial. Generated locally so user portraits work offline.
 *
 * @param name - Person's name; its first character becomes the initial.
 * @param hue - Background hue in degrees (0–359); the caller draws it from its
 *   seeded faker so avatars stay deterministic.
 */
export function initialAvatarDataUri(name: string, hue: number): string {
  // Array.from splits by code point, so a name starting with an astral
  // character is not cut in half.
  const initial = escapeXml((Array.from(name.trim())[0] ?? '?').toUpperCase());
  return svgDataUri(
    '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64">' +
      `<circle cx="32" cy="32" r="32" fill="hsl(${hue},55%,45%)"/>` +
      '<text x="32" y="32" dy=".35em" text-anchor="middle" font-family="system-ui,sans-serif" ' +
      `font-size="30" font-weight="600" fill="#fff">${initial}</text>` +
      '</svg>',
  );
}
