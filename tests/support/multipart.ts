export interface FilePart {
  content: Buffer | string;
  filename?: string;
  contentType?: string;
}

/**
 * A multipart/form-data body for `app.inject`, encoded by the platform's own FormData (the same
 * encoder a browser uses) so the server parses exactly what a real client sends.
 */
export async function multipart(fields: Record<string, string>, files: Record<string, FilePart> = {}) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const [name, file] of Object.entries(files)) {
    const bytes = typeof file.content === 'string' ? new TextEncoder().encode(file.content) : new Uint8Array(file.content);
    form.append(name, new Blob([bytes], { type: file.contentType ?? 'application/octet-stream' }), file.filename ?? `${name}.bin`);
  }
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type')! },
  };
}
