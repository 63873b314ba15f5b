// Hostile documents at upload: how long /api/health takes to answer while small pdf and docx
// files that inflate to tens or hundreds of MB are uploaded over and over, and the server's
// memory meanwhile. Reports; never asserts.
import { readFile } from 'node:fs/promises';
import { once } from 'node:events';
import { crc32, createDeflate, createDeflateRaw, deflateRawSync } from 'node:zlib';
import autocannon from 'autocannon';

const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const HEALTH_CONNECTIONS = 10;
const UPLOADERS = 4;
const MB = 1_000_000;

/** `head`, `unit` repeated to about `bytes`, `tail`: deflated without holding it whole. */
async function deflateRepeated({ head, unit, tail, bytes, raw }) {
  const block = Buffer.from(unit.repeat(Math.ceil((1 << 20) / unit.length)));
  const deflate = raw ? createDeflateRaw({ level: 9 }) : createDeflate({ level: 9 });
  const out = [];
  deflate.on('data', (chunk) => out.push(chunk));
  let crc = 0;
  let size = 0;
  const write = async (chunk) => {
    crc = crc32(chunk, crc);
    size += chunk.length;
    if (!deflate.write(chunk)) await once(deflate, 'drain');
  };
  await write(Buffer.from(head));
  while (size < bytes) await write(block);
  await write(Buffer.from(tail));
  deflate.end();
  await once(deflate, 'end');
  return { data: Buffer.concat(out), size, crc };
}

/** A one-page pdf whose content stream inflates to about `bytes` of text operators. */
async function inflatingPdf(bytes) {
  const line = 'BT /F1 12 Tf 72 720 Td (Umowa najmu lokalu mieszkalnego) Tj ET\n';
  const { data } = await deflateRepeated({ head: '', unit: line, tail: '', bytes, raw: false });
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R ' +
      '/Resources << /Font << /F1 5 0 R >> >> >>',
    Buffer.concat([
      Buffer.from(`<< /Length ${data.length} /Filter /FlateDecode >>\nstream\n`),
      data,
      Buffer.from('\nendstream'),
    ]),
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  const parts = [Buffer.from('%PDF-1.4\n')];
  let length = parts[0].length;
  const offsets = [];
  objects.forEach((object, index) => {
    offsets.push(length);
    const part = Buffer.concat([
      Buffer.from(`${index + 1} 0 obj\n`),
      Buffer.from(object),
      Buffer.from('\nendobj\n'),
    ]);
    parts.push(part);
    length += part.length;
  });
  const xref = offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  const tail =
    `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${xref}` +
    `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${length}\n%%EOF\n`;
  return Buffer.concat([...parts, Buffer.from(tail)]);
}

/** A zip of `parts` ({name, data, deflated, size, crc}) whose headers say what they are told. */
function zipArchive(parts) {
  const locals = [];
  const centrals = [];
  let offset = 0;
  for (const part of parts) {
    const name = Buffer.from(part.name);
    const method = part.deflated ? 8 : 0;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(method, 8);
    local.writeUInt32LE(part.crc >>> 0, 14);
    local.writeUInt32LE(part.data.length, 18);
    local.writeUInt32LE(part.size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(method, 10);
    central.writeUInt32LE(part.crc >>> 0, 16);
    central.writeUInt32LE(part.data.length, 20);
    central.writeUInt32LE(part.size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, part.data);
    centrals.push(central, name);
    offset += local.length + name.length + part.data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const smallPart = (name, text) => {
  const content = Buffer.from(text);
  const data = deflateRawSync(content);
  return { name, data, deflated: true, size: content.length, crc: crc32(content) };
};

/** Docx files whose word/document.xml is 300 MB of paragraphs: declared, and declared 1 MB. */
async function bombDocx() {
  const document = await deflateRepeated({
    head:
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document ' +
      'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>',
    unit: '<w:p><w:r><w:t>Umowa najmu lokalu mieszkalnego</w:t></w:r></w:p>',
    tail: '</w:body></w:document>',
    bytes: 300 * MB,
    raw: true,
  });
  const withSize = (size) =>
    zipArchive([
      smallPart(
        '[Content_Types].xml',
        '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
          '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
          '<Default Extension="xml" ContentType="application/xml"/></Types>',
      ),
      smallPart(
        '_rels/.rels',
        '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
          '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/>' +
          '</Relationships>',
      ),
      { name: 'word/document.xml', data: document.data, deflated: true, size, crc: document.crc },
    ]);
  return { declared: withSize(document.size), lying: withSize(MB) };
}

async function rssMb(pid) {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)[1]) / 1024);
}

async function health(base) {
  const result = await autocannon({
    url: `${base}/api/health`,
    connections: HEALTH_CONNECTIONS,
    duration: DURATION_S,
  });
  return {
    requests_per_s: Math.round(result.requests.average),
    latency_p50_ms: result.latency.p50,
    latency_p99_ms: result.latency.p99,
    latency_max_ms: result.latency.max,
    non_2xx: result.non2xx,
    errors: result.errors,
  };
}

/** Uploads the files in turn until `until` settles; the answers, counted by status and code. */
async function uploadLoop({ base, access, conversationId, files, until }) {
  let done = false;
  void until.then(() => (done = true));
  const answers = {};
  let index = 0;
  while (!done) {
    const [name, bytes] = files[index++ % files.length];
    const form = new FormData();
    form.append('file', new Blob([bytes]), name);
    const res = await fetch(`${base}/api/conversation/attachment/upload/${conversationId}`, {
      method: 'POST',
      headers: { cookie: `access=${access}` },
      body: form,
    });
    const body = await res.json().catch(() => ({}));
    const key = `${name}: ${res.status} ${body.detail ?? ''}`.trim();
    answers[key] = (answers[key] ?? 0) + 1;
  }
  return answers;
}

export async function measureHostileDocuments(
  { timeToReady, stop, post, lastCode, cookiesOf, base },
  dataDir,
) {
  const docx = await bombDocx();
  const files = [
    ['inflating.pdf', await inflatingPdf(80 * MB)],
    ['wordy.pdf', await inflatingPdf(16 * MB)],
    ['declared.docx', docx.declared],
    ['lying.docx', docx.lying],
  ];
  const { child } = await timeToReady(dataDir);
  try {
    const email = `bench.hostile.${Date.now()}@example.com`;
    const password = 'Bench-Pass-123';
    const body = { email, password, password_confirmation: password, terms_accepted: true };
    await post('/api/auth/register', { ...body, language: 'en' });
    const code = await lastCode(email);
    const { access } = cookiesOf(await post('/api/auth/activate', { email, code }));
    const conversation = await post('/api/conversation/create', {}, `access=${access}`);
    const conversationId = (await conversation.json()).pk;

    const idle = await health(base);
    const rssBefore = await rssMb(child.pid);
    let rssPeak = rssBefore;
    const sampler = setInterval(async () => {
      rssPeak = Math.max(rssPeak, await rssMb(child.pid).catch(() => 0));
    }, 100);
    const measured = health(base);
    const uploads = await Promise.all(
      Array.from({ length: UPLOADERS }, (_, i) =>
        uploadLoop({
          base,
          access,
          conversationId,
          files: [...files.slice(i), ...files.slice(0, i)],
          until: measured,
        }),
      ),
    );
    clearInterval(sampler);
    const answers = {};
    for (const counts of uploads) {
      for (const [key, count] of Object.entries(counts)) answers[key] = (answers[key] ?? 0) + count;
    }
    return {
      files: Object.fromEntries(files.map(([name, bytes]) => [name, bytes.length])),
      concurrent_uploaders: UPLOADERS,
      health_connections: HEALTH_CONNECTIONS,
      health_idle: idle,
      health_during_uploads: await measured,
      upload_answers: answers,
      server_rss_mb: { before: rssBefore, peak: rssPeak, after: await rssMb(child.pid) },
      target: { health_latency_p99_ms_max: 100 },
    };
  } finally {
    await stop(child);
  }
}
