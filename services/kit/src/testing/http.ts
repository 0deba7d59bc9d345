/** A response body as loosely typed JSON, for assertions in tests. */
export async function jsonOf(response: Response): Promise<any> {
  return response.json();
}
