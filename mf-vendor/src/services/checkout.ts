/** Same-origin checkout pages open in the app's router; others (Stripe) by a full navigation. */
export function openCheckout(url: string, navigate: (path: string) => void): void {
  const target = new URL(url, window.location.href);
  if (target.origin === window.location.origin) navigate(`${target.pathname}${target.search}`);
  else window.location.assign(target.toString());
}
