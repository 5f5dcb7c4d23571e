// Reads a zip of stored (uncompressed) entries, as gen-code writes them (src-server/modules/admin/zip.ts):
// path -> text. Shared by the contract and e2e tests of code generation.
export function unzipStored(zip: Buffer): Record<string, string> {
  const files: Record<string, string> = {};
  let at = 0;
  while (zip.readUInt32LE(at) === 0x04034b50) {
    const method = zip.readUInt16LE(at + 8);
    const size = zip.readUInt32LE(at + 18);
    const nameLength = zip.readUInt16LE(at + 26);
    const extraLength = zip.readUInt16LE(at + 28);
    if (method !== 0) throw new Error('unzipStored: a compressed entry');
    const name = zip.toString('utf8', at + 30, at + 30 + nameLength);
    const start = at + 30 + nameLength + extraLength;
    files[name] = zip.toString('utf8', start, start + size);
    at = start + size;
  }
  return files;
}
