// The one way this repository reads the message of something thrown: an Error's message,
// anything else as text. Never throws (a thrown value's toString may).
export function messageOf(error: unknown): string {
  try {
    return error instanceof Error ? String(error.message) : String(error);
  } catch {
    return '(the error thrown could not be read as text)';
  }
}
