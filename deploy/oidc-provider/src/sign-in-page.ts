/**
 * The local provider's only screen: email (required) and name (optional), no password. Plain
 * HTML with its styles inline, so it needs nothing from outside (the CSP below forbids it).
 */

export interface SignInPageOptions {
  /** Where the form posts: the interaction's own URL. */
  action: string;
  clientId: string;
  email?: string;
  name?: string;
  /** Shown above the form and tied to the email field for screen readers. */
  error?: string;
}

/** Sent with the page: no scripts at all, styles only inline, never framed. */
export const SIGN_IN_PAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'";

// Field names of the form; the handler reads them back. Visible on the wire.
export const FIELD_EMAIL = "email";
export const FIELD_NAME = "name";
export const FIELD_ACTION = "action";
export const ACTION_SIGN_IN = "sign-in";
export const ACTION_CANCEL = "cancel";

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

export function renderSignInPage(options: SignInPageOptions): string {
  const { action, clientId, email = "", name = "", error } = options;
  const errorBlock = error ? `<p id="email-error" class="error" role="alert">${escapeHtml(error)}</p>` : "";
  const emailInvalid = error ? ` aria-invalid="true" aria-describedby="email-error"` : "";
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sign in (local)</title>
<style>
  body { font: 16px/1.5 system-ui, sans-serif; margin: 0; background: #f4f5f7; color: #1d1f23; }
  main { max-width: 24rem; margin: 10vh auto; padding: 2rem; background: #fff; border-radius: 8px; box-shadow: 0 1px 4px rgba(0, 0, 0, .15); }
  h1 { font-size: 1.4rem; margin: 0 0 .25rem; }
  .note { color: #4a4f57; font-size: .9rem; margin: 0 0 1.5rem; }
  label { display: block; font-weight: 600; margin-top: 1rem; }
  input { box-sizing: border-box; width: 100%; padding: .55rem .6rem; margin-top: .25rem; font: inherit; border: 1px solid #8a9099; border-radius: 4px; }
  input:focus, button:focus { outline: 3px solid #1a5fd0; outline-offset: 1px; }
  .error { color: #a4161a; font-weight: 600; }
  .actions { display: flex; gap: .75rem; margin-top: 1.5rem; }
  button { font: inherit; padding: .55rem 1.1rem; border-radius: 4px; border: 1px solid #1a5fd0; cursor: pointer; }
  button[value="${ACTION_SIGN_IN}"] { background: #1a5fd0; color: #fff; }
  button[value="${ACTION_CANCEL}"] { background: #fff; color: #1a5fd0; }
</style>
</head>
<body>
<main>
  <h1>Sign in</h1>
  <p class="note">Local development sign-in for <strong>${escapeHtml(clientId)}</strong>. Any email works; there is no password.</p>
  ${errorBlock}
  <form method="post" action="${escapeHtml(action)}">
    <label for="email">Email</label>
    <input id="email" name="${FIELD_EMAIL}" type="email" autocomplete="email" required autofocus value="${escapeHtml(email)}"${emailInvalid}>
    <label for="name">Name <span class="note">(optional)</span></label>
    <input id="name" name="${FIELD_NAME}" type="text" autocomplete="name" maxlength="200" value="${escapeHtml(name)}">
    <div class="actions">
      <button type="submit" name="${FIELD_ACTION}" value="${ACTION_SIGN_IN}">Sign in</button>
      <button type="submit" name="${FIELD_ACTION}" value="${ACTION_CANCEL}" formnovalidate>Cancel</button>
    </div>
  </form>
</main>
</body>
</html>
`;
}

/** What the browser sees when a sign-in cannot go on (expired interaction, unknown client, ...). */
export function renderErrorPage(error: string, description: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sign-in error (local)</title>
<style>
  body { font: 16px/1.5 system-ui, sans-serif; margin: 0; background: #f4f5f7; color: #1d1f23; }
  main { max-width: 28rem; margin: 10vh auto; padding: 2rem; background: #fff; border-radius: 8px; box-shadow: 0 1px 4px rgba(0, 0, 0, .15); }
  h1 { font-size: 1.4rem; margin: 0 0 1rem; }
  code { background: #eef0f3; padding: 0 .25rem; border-radius: 3px; }
</style>
</head>
<body>
<main>
  <h1>Sign-in could not continue</h1>
  <p role="alert"><code>${escapeHtml(error)}</code>${description ? `: ${escapeHtml(description)}` : ""}</p>
  <p>Go back to the app and start signing in again.</p>
</main>
</body>
</html>
`;
}
