export type ImportGraph = Map<string, Set<string>>;
export declare function importGraph(files: string[]): ImportGraph;
export declare function groupGraph(
  graph: ImportGraph,
  groupOf: (file: string) => string | null,
): ImportGraph;
export declare function findCycles(graph: ImportGraph): string[][];
export declare function unitOf(file: string): string | null;
