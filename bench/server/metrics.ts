/**
 * A server's `/metrics` (Prometheus text), read once: returns a reader of one sample's value by
 * its full name, labels included (`scorpion_move_roundtrip_seconds_bucket{le="0.05"}`), which
 * throws for a sample the page does not have.
 */
export async function readMetrics(url: string, token: string): Promise<(name: string) => number> {
  const response = await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${token}` } });
  if (!response.ok) throw new Error(`GET ${url}/metrics: ${response.status}`);
  const text = await response.text();
  return (name) => {
    const line = new RegExp(`^${name.replace(/[{}"]/g, '\\$&')} (\\S+)$`, 'm').exec(text);
    if (!line) throw new Error(`no ${name} in ${url}/metrics`);
    return Number(line[1]);
  };
}
