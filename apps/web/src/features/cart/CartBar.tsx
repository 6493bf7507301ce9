/** Placeholder until the local cart lands. */
export function CartBar() {
  return null;
}
