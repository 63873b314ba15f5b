import type { ChildProcess } from 'node:child_process';

export interface Instance {
  name: string;
  port: number;
  url: string;
  /** The running process; a new one after `restart`. */
  process: ChildProcess;
  /** What it printed so far. */
  output(): string;
  /** Its exit code once it has exited. */
  exited(): Promise<number | null>;
  /** Starts it again (after it was killed) and waits until it answers. */
  restart(): Promise<void>;
}

export declare function untilUp(url: string, timeoutMs?: number): Promise<void>;
export declare function startInstance(options: {
  name: string;
  port: number;
  env: Record<string, string>;
}): Promise<Instance>;
export declare function startNginx(options: {
  work: string;
  port: number;
  instancePorts: number[];
  ownGroup?: boolean;
}): Promise<ChildProcess>;
export declare function parseEnvFile(text: string): Record<string, string>;
