/** A language's JSON files, by path, as namespaces by file name (`./en/chat.json` → chat). */
export function namespacesOf(files: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(files).map(([path, texts]) => [/([\w-]+)\.json$/.exec(path)![1], texts]),
  );
}
