/** Reads server-sent events from a response body, one `{ event, data }` at a time. */
export async function* serverSentEvents(body: ReadableStream<Uint8Array>) {
  const decoder = new TextDecoder();
  let buffered = '';
  for await (const chunk of body) {
    buffered += decoder.decode(chunk, { stream: true });
    let end = buffered.indexOf('\n\n');
    while (end >= 0) {
      const block = buffered.slice(0, end);
      buffered = buffered.slice(end + 2);
      const event = block.match(/^event: (.*)$/m)?.[1] ?? 'message';
      const data = block.match(/^data: (.*)$/m)?.[1];
      if (data !== undefined) yield { event, data };
      end = buffered.indexOf('\n\n');
    }
  }
}
