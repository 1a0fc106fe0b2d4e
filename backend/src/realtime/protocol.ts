// Phoenix channel frames as realtime-js speaks them: serializer 2.0.0 (JSON arrays, plus binary
// user-broadcast frames) and 1.0.0 (JSON objects).

export type Vsn = '1.0.0' | '2.0.0';

export interface Message {
  joinRef: string | null;
  ref: string | null;
  topic: string;
  event: string;
  payload: unknown;
}

export class ProtocolError extends Error {
  override name = 'ProtocolError';
}

const KIND_USER_BROADCAST_PUSH = 3;
const KIND_USER_BROADCAST = 4;
const JSON_ENCODING = 1;

const optionalRef = (value: unknown): string | null => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : null);

function fromParts(joinRef: unknown, ref: unknown, topic: unknown, event: unknown, payload: unknown): Message {
  if (typeof topic !== 'string' || typeof event !== 'string') throw new ProtocolError('a frame needs a topic and an event');
  return { joinRef: optionalRef(joinRef), ref: optionalRef(ref), topic, event, payload: payload ?? {} };
}

/** A user broadcast the client pushes as a binary frame (kind 3, serializer 2.0.0). */
function decodeBinary(data: Buffer): Message {
  if (data.length < 7 || data[0] !== KIND_USER_BROADCAST_PUSH) throw new ProtocolError('unsupported binary frame');
  const [joinRefSize, refSize, topicSize, eventSize, metadataSize, encoding] = [1, 2, 3, 4, 5, 6].map((i) => data.readUInt8(i)) as [number, number, number, number, number, number];
  let offset = 7;
  const take = (size: number) => {
    if (offset + size > data.length) throw new ProtocolError('truncated binary frame');
    const part = data.subarray(offset, offset + size);
    offset += size;
    return part.toString('utf8');
  };
  const joinRef = take(joinRefSize);
  const ref = take(refSize);
  const topic = take(topicSize);
  const event = take(eventSize);
  const metadata = take(metadataSize);
  const rest = data.subarray(offset);
  let payload: unknown;
  try {
    payload = encoding === JSON_ENCODING ? JSON.parse(rest.toString('utf8')) : rest.toString('base64');
  } catch {
    throw new ProtocolError('binary frame payload is not JSON');
  }
  const body: Record<string, unknown> = { type: 'broadcast', event, payload };
  if (encoding !== JSON_ENCODING) body.binary = true;
  if (metadata) {
    try {
      body.meta = JSON.parse(metadata);
    } catch {
      throw new ProtocolError('binary frame metadata is not JSON');
    }
  }
  return { joinRef: joinRef || null, ref: ref || null, topic, event: 'broadcast', payload: body };
}

export function decode(data: Buffer, isBinary: boolean, vsn: Vsn): Message {
  if (isBinary) return decodeBinary(data);
  let parsed: unknown;
  try {
    parsed = JSON.parse(data.toString('utf8'));
  } catch {
    throw new ProtocolError('frame is not JSON');
  }
  if (vsn === '2.0.0') {
    if (!Array.isArray(parsed) || parsed.length !== 5) throw new ProtocolError('a 2.0.0 frame is [join_ref, ref, topic, event, payload]');
    return fromParts(parsed[0], parsed[1], parsed[2], parsed[3], parsed[4]);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new ProtocolError('a 1.0.0 frame is a JSON object');
  const o = parsed as Record<string, unknown>;
  return fromParts(o.join_ref, o.ref, o.topic, o.event, o.payload);
}

export function encode(message: Message, vsn: Vsn): string {
  if (vsn === '2.0.0') return JSON.stringify([message.joinRef, message.ref, message.topic, message.event, message.payload]);
  return JSON.stringify({ join_ref: message.joinRef, ref: message.ref, topic: message.topic, event: message.event, payload: message.payload });
}

/** A binary user broadcast to a 2.0.0 client (kind 4), for payloads that were sent as bytes. */
export function encodeBinaryBroadcast(topic: string, event: string, bytes: Buffer): Buffer {
  const topicBytes = Buffer.from(topic, 'utf8');
  const eventBytes = Buffer.from(event, 'utf8');
  if (topicBytes.length > 255 || eventBytes.length > 255) throw new ProtocolError('topic or event too long for a binary frame');
  const header = Buffer.from([KIND_USER_BROADCAST, topicBytes.length, eventBytes.length, 0, 0]);
  return Buffer.concat([header, topicBytes, eventBytes, bytes]);
}
