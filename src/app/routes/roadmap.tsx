// Placeholder: the roadmap timeline is being built.
export function Component() {
  return <p>The roadmap is being built.</p>;
}
