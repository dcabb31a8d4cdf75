/**
 * The part of GS1's EPCIS 2.0 JSON Schema that this app's import accepts: an EPCISDocument whose events
 * are ObjectEvents. Written from the official schema's definitions (same names, patterns and formats),
 * because the official file is not shipped with the app (decision 133); tests/server/gs1/epcis-schema
 * checks that it gives the official schema's verdict on every reference vector and on our exports.
 * Draft-07, for ajv 8 with ajv-formats (without the formats, URI and date-time are not checked).
 */
import { CBV_BIZ_STEPS, CBV_DISPOSITIONS } from '#shared/gs1/biz-steps.ts';

const uri = { type: 'string', format: 'uri' } as const;
const time = { type: 'string', format: 'date-time' } as const;
/** A URI of one's own vocabulary, never a CBV term written in its URN or web form. */
const vocabOtherUri = {
  type: 'string',
  format: 'uri',
  pattern: '^(?!(urn:epcglobal:cbv|https?:\\/\\/ns\\.gs1\\.org/cbv\\/))',
} as const;
const oneOfVocab = (names: readonly string[]) => ({
  anyOf: [{ $ref: '#/definitions/vocabOtherUri' }, { type: 'string', enum: names }],
});

const OBJECT_EVENT_FIELDS = [
  '@context',
  'type',
  'eventTime',
  'recordTime',
  'eventTimeZoneOffset',
  'eventID',
  'certificationInfo',
  'errorDeclaration',
  'action',
  'epcList',
  'quantityList',
  'bizStep',
  'disposition',
  'persistentDisposition',
  'readPoint',
  'bizLocation',
  'bizTransactionList',
  'sourceList',
  'destinationList',
  'sensorElementList',
  'ilmd',
];

export const epcisObjectEventDocumentSchema = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  $id: 'https://truyxuat.local/schema/epcis-object-event-document.json',
  definitions: {
    uri,
    time,
    vocabOtherUri,
    context: {
      anyOf: [
        uri,
        { type: 'object' },
        { type: 'array', uniqueItems: true, items: { anyOf: [uri, { type: 'object' }] } },
      ],
    },
    bizStep: oneOfVocab(CBV_BIZ_STEPS),
    disposition: oneOfVocab(CBV_DISPOSITIONS),
    quantityElement: {
      type: 'object',
      properties: {
        epcClass: uri,
        quantity: { type: 'number' },
        uom: { type: 'string', pattern: '^[A-Z0-9]{2,3}$' },
      },
      required: ['epcClass'],
      additionalProperties: false,
    },
    location: { type: 'object', properties: { id: uri }, required: ['id'] },
    persistentDisposition: {
      type: 'object',
      properties: {
        set: { type: 'array', items: { $ref: '#/definitions/disposition' }, minItems: 1, uniqueItems: true },
        unset: {
          type: 'array',
          items: { $ref: '#/definitions/disposition' },
          minItems: 1,
          uniqueItems: true,
        },
      },
      additionalProperties: false,
      anyOf: [{ required: ['set'] }, { required: ['unset'] }],
    },
    bizTransaction: {
      type: 'object',
      properties: {
        type: oneOfVocab([
          'bol',
          'cert',
          'desadv',
          'inv',
          'pedigree',
          'po',
          'poc',
          'prodorder',
          'recadv',
          'rma',
          'testprd',
          'testres',
          'upevt',
        ]),
        bizTransaction: uri,
      },
      required: ['bizTransaction'],
      additionalProperties: false,
    },
    sourceDest: oneOfVocab(['owning_party', 'possessing_party', 'location']),
    ObjectEvent: {
      type: 'object',
      properties: {
        '@context': { $ref: '#/definitions/context' },
        type: { type: 'string', enum: ['ObjectEvent'] },
        eventTime: time,
        recordTime: time,
        eventTimeZoneOffset: { type: 'string', pattern: '^([+]|[-])((0[0-9]|1[0-3]):([0-5][0-9])|14:00)$' },
        eventID: uri,
        certificationInfo: { anyOf: [{ type: 'array', items: uri }, uri] },
        errorDeclaration: {
          type: 'object',
          properties: { declarationTime: time },
          required: ['declarationTime'],
        },
        action: { type: 'string', enum: ['OBSERVE', 'ADD', 'DELETE'] },
        epcList: { type: 'array', items: uri, uniqueItems: true },
        quantityList: { type: 'array', items: { $ref: '#/definitions/quantityElement' } },
        bizStep: { $ref: '#/definitions/bizStep' },
        disposition: { $ref: '#/definitions/disposition' },
        persistentDisposition: { $ref: '#/definitions/persistentDisposition' },
        readPoint: { $ref: '#/definitions/location' },
        bizLocation: { $ref: '#/definitions/location' },
        bizTransactionList: { type: 'array', items: { $ref: '#/definitions/bizTransaction' } },
        sourceList: {
          type: 'array',
          items: {
            type: 'object',
            properties: { type: { $ref: '#/definitions/sourceDest' }, source: uri },
            required: ['type', 'source'],
            additionalProperties: false,
          },
        },
        destinationList: {
          type: 'array',
          items: {
            type: 'object',
            properties: { type: { $ref: '#/definitions/sourceDest' }, destination: uri },
            required: ['type', 'destination'],
            additionalProperties: false,
          },
        },
        sensorElementList: { type: 'array', items: { type: 'object' } },
        ilmd: { type: 'object', propertyNames: uri },
      },
      required: ['type', 'action', 'eventTime', 'eventTimeZoneOffset'],
      // Any other field is an extension and must be named by a URI (a prefixed name such as ext:x).
      propertyNames: { anyOf: [{ enum: OBJECT_EVENT_FIELDS }, uri] },
      allOf: [
        // What: a list of instances, a list of quantities, or sensor readings at a read point.
        {
          anyOf: [
            { required: ['epcList'] },
            { properties: { quantityList: { minItems: 1 } }, required: ['quantityList'] },
            {
              properties: { sensorElementList: { minItems: 1 } },
              required: ['sensorElementList', 'readPoint'],
            },
          ],
        },
        // Instance master data (ilmd) only where objects come into being: action ADD.
        { anyOf: [{ not: { required: ['ilmd'] } }, { properties: { action: { const: 'ADD' } } }] },
      ],
    },
  },
  type: 'object',
  properties: {
    '@context': { $ref: '#/definitions/context' },
    id: uri,
    type: { type: 'string', enum: ['EPCISDocument'] },
    schemaVersion: { type: 'string', pattern: '^\\d+(\\.\\d+)*$' },
    creationDate: time,
    instanceIdentifier: { type: 'string' },
    sender: { type: 'string' },
    receiver: { type: 'string' },
    epcisHeader: { type: 'object' },
    epcisBody: {
      type: 'object',
      properties: { eventList: { type: 'array', items: { $ref: '#/definitions/ObjectEvent' } } },
      required: ['eventList'],
    },
  },
  required: ['@context', 'type', 'schemaVersion', 'creationDate', 'epcisBody'],
  propertyNames: {
    anyOf: [
      {
        enum: [
          '@context',
          'id',
          'type',
          'schemaVersion',
          'creationDate',
          'instanceIdentifier',
          'sender',
          'receiver',
          'epcisHeader',
          'epcisBody',
        ],
      },
      uri,
    ],
  },
} as const;
