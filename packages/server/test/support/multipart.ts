export interface UploadFile {
  name: string;
  bytes: Buffer;
  /** What the client claims; the server must not believe it. */
  type?: string;
}

/** A real multipart/form-data body, encoded by the platform's FormData: the text fields, then the file. */
export async function multipart(file: UploadFile | null, fields: Record<string, string> = {}) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (file) form.append('file', new Blob([file.bytes], { type: file.type ?? 'application/octet-stream' }), file.name);
  const encoded = new Response(form);
  return { headers: { 'content-type': encoded.headers.get('content-type')! }, payload: Buffer.from(await encoded.arrayBuffer()) };
}
