/** How the demo shows a failed query or mutation: the typed error's name and its message. */
export function ErrorLine({ error }: { error: Error }) {
  return <p role="alert">{`${error.name}: ${error.message}`}</p>;
}
