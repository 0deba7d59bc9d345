// What the app's libraries must know before they load, to live under the Content-Security-
// Policy (bff/src/security/headers.ts), which allows no inline style and no eval. A classic
// script, so it runs before any of the app's modules (those wait until the page is parsed).
//
// react-hot-toast styles toasts through goober, whose one <style> element is made as soon as
// its module loads; the policy allows it by this page's nonce, which goober reads from
// window.__nonce__. The server wrote the nonce into Vite's <meta property="csp-nonce"> (read
// from the property: browsers hide the attribute once the page is parsed).
var meta = document.querySelector('meta[property="csp-nonce"]');
if (meta && meta.nonce) window.__nonce__ = meta.nonce;
// zod (the contracts' schemas) probes for eval with `new Function` before compiling a parser;
// under the policy the probe fails — harmlessly, but as a reported violation. Its global config
// (what z.config() writes) says not to try.
window.__zod_globalConfig = Object.assign(window.__zod_globalConfig || {}, { jitless: true });
