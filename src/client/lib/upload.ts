import type { AxiosProgressEvent } from 'axios';
import { getRuntimeConfig } from './runtime-config';
import { apiClient, authorizationOf, toRequestError, type RequestOptions } from './request';

export interface UploadFile {
  fieldname: string;
  file: Blob | File;
}

export interface UploadOptions extends Pick<RequestOptions, 'token' | 'ctx' | 'signal'> {
  /** Percent sent, 0..100. */
  onProgress?: (percent: number) => void;
  /** Extra form fields; objects and arrays are sent as JSON text. */
  customData?: Record<string, unknown>;
  method?: 'POST' | 'PUT';
  /** Extra request headers (the reCAPTCHA token of a sign-up). */
  headers?: Record<string, string>;
}

export function percentOf(event: Pick<AxiosProgressEvent, 'loaded' | 'total'>): number {
  if (!event.total) return 0;
  return Math.min(100, Math.max(0, Math.round((event.loaded * 100) / event.total)));
}

export function toFormData(files: UploadFile[], customData: Record<string, unknown> = {}): FormData {
  const form = new FormData();
  // Fields first: multipart parsers that stream files may read the fields before the files.
  Object.entries(customData).forEach(([key, value]) => {
    if (value === undefined || value === null) return;
    form.append(key, typeof value === 'object' ? JSON.stringify(value) : String(value));
  });
  files.forEach(({ fieldname, file }) => {
    // Duck-typed: a File from another realm (iframe, test runtime) fails instanceof.
    const name = typeof (file as File).name === 'string' && (file as File).name ? (file as File).name : fieldname;
    form.append(fieldname, file, name);
  });
  return form;
}

/** Multipart upload with progress (spec 7); a failure rejects with the response body (spec 8). */
export async function upload<T>(url: string, files: UploadFile[], options: UploadOptions = {}): Promise<T> {
  const { onProgress, customData, method = 'POST', token, ctx, signal, headers } = options;
  try {
    const res = await apiClient().request<T>({
      baseURL: getRuntimeConfig().apiEndpoint,
      url,
      method,
      data: toFormData(files, customData),
      signal,
      // No Content-Type: the browser adds the multipart boundary itself.
      headers: { ...headers, Authorization: authorizationOf({ token, ctx }) },
      onUploadProgress: (event) => onProgress?.(percentOf(event)),
    });
    onProgress?.(100);
    return res.data;
  } catch (err) {
    throw toRequestError(err);
  }
}
