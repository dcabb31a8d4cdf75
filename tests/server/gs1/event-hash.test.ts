import { describe, expect, it } from 'vitest';
import {
  canonicalIdentifier,
  eventHashId,
  eventPreHash,
  namespacesOf,
} from '#server/services/epcis/event-hash.ts';
import { epcisDocument, type EpcisEvent, LOT_LINK, LOT_URN, shipping } from '#tests/helpers/epcis.ts';
import { readInterop } from '#tests/helpers/interop.ts';

interface HashVector {
  document: string;
  prehash: string;
  hash: string;
}

/** GS1's reference implementation's CBV 2.0 vectors, copied with their sources (expected.json names them). */
const VECTORS = readInterop<HashVector[]>('epcis', 'event-hash', 'expected.json');

const hashOf = (event: EpcisEvent, ...prefixes: Array<Record<string, string>>) =>
  eventHashId(event, namespacesOf(epcisDocument([], ...prefixes)['@context']));

describe("the CBV 2.0 event hash gives GS1's reference implementation's results", () => {
  it('has a vector of each event type the import takes', () => {
    expect(VECTORS.map((v) => v.prehash.match(/^eventType=(\w+?)eventTime/)?.[1]).sort()).toEqual([
      'AggregationEvent',
      'ObjectEvent',
      'ObjectEvent',
      'ObjectEvent',
      'TransactionEvent',
      'TransformationEvent',
    ]);
  });

  it.each(VECTORS)('$document', ({ document, prehash, hash }) => {
    const doc = readInterop<{ '@context': unknown; epcisBody: { eventList: EpcisEvent[] } }>(
      'epcis',
      'event-hash',
      document,
    );
    const [event] = doc.epcisBody.eventList;
    const namespaces = namespacesOf(doc['@context']);
    expect(eventPreHash(event!, namespaces)).toBe(prehash);
    expect(eventHashId(event!, namespaces)).toBe(hash);
  });
});

describe('the event hash names the event, not its serialisation', () => {
  const event = shipping({
    eventTime: '2024-05-02T09:15:00.250+07:00',
    readPoint: { id: 'https://id.gs1.org/414/8930000000019' },
    'ex:note': { 'ex:by': 'Lan', 'ex:kg': '40.0' },
  });
  const ex = { ex: 'https://ns.example.vn/epcis/' };
  const same = hashOf(event, ex);

  it('is the same for the same event written otherwise', () => {
    const reordered = Object.fromEntries(Object.entries(event).reverse());
    expect(hashOf(reordered, ex)).toBe(same);
    // EPC URI or Digital Link on another host; a CBV URN or the bare name; the time in UTC.
    expect(
      hashOf(
        {
          ...event,
          quantityList: [{ epcClass: LOT_URN, quantity: 40.0, uom: 'KGM' }],
          bizStep: 'urn:epcglobal:cbv:bizstep:shipping',
          eventTime: '2024-05-02T02:15:00.25Z',
          readPoint: { id: 'urn:epc:id:sgln:893000.000001.0' },
        },
        ex,
      ),
    ).toBe(same);
    // Another prefix for the same namespace; numbers without trailing zeros.
    const { 'ex:note': _note, ...withoutNote } = event;
    expect(
      hashOf(
        { ...withoutNote, 'x:note': { 'x:kg': '40', 'x:by': 'Lan' } },
        { x: 'https://ns.example.vn/epcis/' },
      ),
    ).toBe(same);
    // What the hash leaves out: the eventID, the record time, an error declaration, certifications.
    expect(
      hashOf(
        {
          ...event,
          eventID: 'urn:uuid:2b4b4f2e-8a5a-4c1e-9f4e-0d6f1a2b3c4d',
          recordTime: '2024-05-03T00:00:00Z',
          certificationInfo: 'https://cert.example.vn/1',
        },
        ex,
      ),
    ).toBe(same);
  });

  it('changes with anything that changes the event', () => {
    const changes: EpcisEvent[] = [
      { ...event, quantityList: [{ epcClass: LOT_LINK, quantity: 41, uom: 'KGM' }] },
      { ...event, eventTime: '2024-05-02T09:15:00.251+07:00' },
      { ...event, disposition: 'in_transit' },
      { ...event, bizLocation: { id: 'https://id.gs1.org/414/8930000000019' } },
      { ...event, 'ex:note': { 'ex:by': 'Lan', 'ex:kg': '41' } },
      { ...event, type: 'TransactionEvent' },
    ];
    for (const changed of changes) expect(hashOf(changed, ex)).not.toBe(same);
    expect(hashOf(event, { ex: 'https://other.example/' })).not.toBe(same);
  });

  it('rounds sub-millisecond digits half up, as the reference does', () => {
    expect(hashOf({ ...event, eventTime: '2024-05-02T09:15:00.2495+07:00' }, ex)).toBe(same);
    expect(hashOf({ ...event, eventTime: '2024-05-02T09:15:00.2494+07:00' }, ex)).not.toBe(same);
  });

  it('writes GS1 identifiers as constrained canonical Digital Links', () => {
    expect(
      canonicalIdentifier('https://truyxuat.example.vn/01/9506000134352/22/A/10/LOT2405/21/9?17=261231'),
    ).toBe('https://id.gs1.org/01/09506000134352/21/9');
    expect(canonicalIdentifier('https://example.com/gtin/09506000134352/lot/LOT2405')).toBe(
      'https://id.gs1.org/01/09506000134352/10/LOT2405',
    );
    expect(canonicalIdentifier('urn:epc:id:sgln:893000.000001.0')).toBe(
      'https://id.gs1.org/414/8930000000019',
    );
    // A serial with a character a constrained Digital Link would have to escape stays as it is written.
    expect(canonicalIdentifier('urn:epc:id:sgtin:9506000.013435.A%2FB')).toBeNull();
    expect(canonicalIdentifier('https://example.vn/farm/1')).toBeNull();
  });
});
