/**
 * A live telemetry stream the test writes to: `response()` is what fetch answers for the stream
 * (it opens with `ready` for `shedIds`), each `send` is one server-sent event.
 */
export function fakeStream(shedIds: number[] = [4]): { response: () => Response; send: (event: string, data: unknown) => void } {
  let ctl: ReadableStreamDefaultController<Uint8Array> | null = null;
  const enc = new TextEncoder();
  return {
    response: () =>
      new Response(
        new ReadableStream<Uint8Array>({
          start(c) {
            ctl = c;
            c.enqueue(enc.encode(`event: ready\ndata: ${JSON.stringify({ shedIds })}\n\n`));
          },
        }),
        { status: 200, headers: { 'content-type': 'text/event-stream' } },
      ),
    send: (event, data) => ctl?.enqueue(enc.encode(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`)),
  };
}
