export interface HttpFixture {
  /** Streamable HTTP endpoint. */
  url: string;
  /** The older HTTP+SSE endpoint. */
  sseUrl: string;
  close(): Promise<void>;
}
export function startHttpFixture(opts?: {
  token?: string;
  instructions?: string;
}): Promise<HttpFixture>;
