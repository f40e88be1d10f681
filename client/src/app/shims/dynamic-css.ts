/**
 * Stands in for `rc-util/es/Dom/dynamicCSS` in the browser bundle (vite.config.ts). antd's style engine
 * calls `updateCSS` from every mounted instance of every styled component (each row's buttons, checkbox
 * and tags), and each call scanned the document head and read its style element's text back to compare
 * it: a large share of a list's rendering (docs/performance.md). Here a style already written
 * with the same text, still in the document, is returned as it is; anything else goes to rc-util.
 */
import { clearContainerCache, injectCSS, removeCSS as removeStyle, updateCSS as updateStyle } from 'rc-util/es/Dom/dynamicCSS.js';

type Options = NonNullable<Parameters<typeof updateStyle>[2]>;

const written = new Map<string, { css: string; node: HTMLElement; attachTo: Options['attachTo'] }>();

const entryKey = (key: string, option: Options) => `${option.mark ?? ''}|${key}`;

export function updateCSS(css: string, key: string, option: Options = {}): HTMLElement {
  const id = entryKey(key, option);
  const last = written.get(id);
  if (last && last.css === css && last.attachTo === option.attachTo && !option.csp?.nonce && last.node.isConnected) return last.node;
  const node = updateStyle(css, key, option);
  written.set(id, { css, node, attachTo: option.attachTo });
  return node;
}

export function removeCSS(key: string, option: Options = {}): void {
  written.delete(entryKey(key, option));
  removeStyle(key, option);
}

export { clearContainerCache, injectCSS };
