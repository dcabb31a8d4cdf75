/**
 * The part of GS1's EPCIS 2.0 JSON Schema that this app's import accepts: an EPCISDocument whose events
 * are ObjectEvents, AggregationEvents, TransactionEvents or TransformationEvents (decision 193; an
 * AssociationEvent or a type of one's own is refused). Written from the official schema's definitions
 * (same names, patterns, formats, CBV enums, propertyNames rules and "what" rules), because the app
 * ships no copy of GS1's file (decision 133); tests/server/gs1/epcis-schema checks that it gives the
 * official schema's verdict on every reference document and on our exports. Draft-07, for ajv 8 with
 * ajv-formats (without the formats, URI and date-time are not checked).
 */
import { CBV_BIZ_STEPS, CBV_DISPOSITIONS } from '#shared/gs1/biz-steps.ts';

/** The event types an import takes, in the order EPCIS 2.0 defines them. */
export const EPCIS_EVENT_TYPES = [
  'ObjectEvent',
  'AggregationEvent',
  'TransactionEvent',
  'TransformationEvent',
] as const;
export type EpcisEventType = (typeof EPCIS_EVENT_TYPES)[number];

const ref = (name: string) => ({ $ref: `#/definitions/${name}` });
const uri = { type: 'string', format: 'uri' } as const;
const time = { type: 'string', format: 'date-time' } as const;
/** A URI of one's own vocabulary, never a CBV term written in its URN or web form. */
const vocabOtherUri = {
  type: 'string',
  format: 'uri',
  pattern: '^(?!(urn:epcglobal:cbv|https?:\\/\\/ns\\.gs1\\.org/cbv\\/))',
} as const;
const oneOfVocab = (names: readonly string[]) => ({
  anyOf: [ref('vocabOtherUri'), { type: 'string', enum: names }],
});
/** GS1 measurement and alert types, or a URI outside GS1's web vocabulary. */
const gs1Vocab = (names: readonly string[]) => ({
  anyOf: [
    {
      type: 'string',
      format: 'uri',
      pattern: '^(?!(https?:\\/\\/gs1\\.org\\/voc\\/|https?:\\/\\/www\\.gs1\\.org\\/voc\\/))',
    },
    { type: 'string', enum: names },
  ],
});
/** Field names of a standard object: its own, or any prefixed extension (a URI such as ext:x). */
const namesOf = (names: readonly string[]) => ({ anyOf: [{ type: 'string', enum: names }, uri] });
const arrayOf = (items: object, extra: object = {}) => ({ type: 'array', items, ...extra });
const nonEmpty = (field: string, items: object) => ({
  type: 'object',
  properties: { [field]: { type: 'array', minItems: 1, items } },
  required: [field],
});
const actionIs = (action: string) => ({
  type: 'object',
  properties: { action: { type: 'string', pattern: `^${action}$` } },
});

const MEASUREMENT_TYPES = [
  'AbsoluteHumidity',
  'AbsorbedDose',
  'AbsorbedDoseRate',
  'Acceleration',
  'Radioactivity',
  'Altitude',
  'AmountOfSubstance',
  'AmountOfSubstancePerUnitVolume',
  'Angle',
  'AngularAcceleration',
  'AngularMomentum',
  'AngularVelocity',
  'Area',
  'Capacitance',
  'Conductance',
  'Conductivity',
  'Count',
  'Density',
  'Dimensionless',
  'DoseEquivalent',
  'DoseEquivalentRate',
  'DynamicViscosity',
  'ElectricCharge',
  'ElectricCurrent',
  'ElectricCurrentDensity',
  'ElectricFieldStrength',
  'Energy',
  'Exposure',
  'Force',
  'Frequency',
  'Illuminance',
  'Inductance',
  'Irradiance',
  'KinematicViscosity',
  'Length',
  'LinearMomentum',
  'Luminance',
  'LuminousFlux',
  'LuminousIntensity',
  'MagneticFlux',
  'MagneticFluxDensity',
  'MagneticVectorPotential',
  'Mass',
  'MassConcentration',
  'MassFlowRate',
  'MassPerAreaTime',
  'MemoryCapacity',
  'MolalityOfSolute',
  'MolarEnergy',
  'MolarMass',
  'MolarVolume',
  'Power',
  'Pressure',
  'RadiantFlux',
  'RadiantIntensity',
  'RelativeHumidity',
  'Resistance',
  'Resistivity',
  'SolidAngle',
  'SpecificVolume',
  'Speed',
  'SurfaceDensity',
  'SurfaceTension',
  'Temperature',
  'Time',
  'Torque',
  'Voltage',
  'Volume',
  'VolumeFlowRate',
  'VolumeFraction',
  'VolumetricFlux',
  'Wavenumber',
] as const;
const COMPONENTS = [
  'x',
  'y',
  'z',
  'axial_distance',
  'azimuth',
  'height',
  'spherical_radius',
  'polar_angle',
  'elevation_angle',
  'easting',
  'northing',
  'latitude',
  'longitude',
  'altitude',
] as const;

const SENSOR_METADATA = {
  time,
  deviceID: uri,
  deviceMetadata: uri,
  rawData: uri,
  startTime: time,
  endTime: time,
  dataProcessingMethod: uri,
  bizRules: uri,
};
const SENSOR_REPORT = {
  type: gs1Vocab(MEASUREMENT_TYPES),
  exception: gs1Vocab(['ALARM_CONDITION', 'ERROR_CONDITION']),
  deviceID: uri,
  deviceMetadata: uri,
  rawData: uri,
  dataProcessingMethod: uri,
  bizRules: uri,
  time,
  microorganism: uri,
  chemicalSubstance: uri,
  coordinateReferenceSystem: uri,
  value: { type: 'number' },
  component: oneOfVocab(COMPONENTS),
  stringValue: { type: 'string' },
  booleanValue: { type: 'boolean' },
  hexBinaryValue: { type: 'string', pattern: '^[A-Fa-f0-9]+$' },
  uriValue: uri,
  minValue: { type: 'number' },
  maxValue: { type: 'number' },
  meanValue: { type: 'number' },
  sDev: { type: 'number' },
  percRank: { type: 'number' },
  percValue: { type: 'number' },
  uom: { type: 'string' },
};

/** What every event may carry (EPCIS 2.0 "Event"), and requires. */
const COMMON = {
  '@context': ref('context'),
  type: { type: 'string' },
  eventTime: time,
  recordTime: time,
  eventTimeZoneOffset: { type: 'string', pattern: '^([+]|[-])((0[0-9]|1[0-3]):([0-5][0-9])|14:00)$' },
  eventID: uri,
  certificationInfo: { anyOf: [arrayOf(uri), uri] },
  errorDeclaration: ref('errorDeclaration'),
};

/** The fields shared by several event types, as the official schema defines each. */
const FIELDS = {
  action: { type: 'string', enum: ['OBSERVE', 'ADD', 'DELETE'] },
  parentID: uri,
  epcList: arrayOf(uri, { uniqueItems: true }),
  quantityList: arrayOf(ref('quantityElement')),
  bizStep: ref('bizStep'),
  disposition: ref('disposition'),
  persistentDisposition: ref('persistentDisposition'),
  readPoint: ref('location'),
  bizLocation: ref('location'),
  bizTransactionList: arrayOf(ref('bizTransaction')),
  sourceList: arrayOf(ref('source')),
  destinationList: arrayOf(ref('destination')),
  sensorElementList: arrayOf(ref('sensorElement')),
  ilmd: { type: 'object', propertyNames: uri },
};
type FieldName = keyof typeof FIELDS;

/** One event type: its fields, required ones, and the rules its fields obey together. */
function eventType(
  name: EpcisEventType,
  fields: Record<string, object>,
  required: string[],
  rules: object[],
): object {
  return {
    type: 'object',
    properties: { ...COMMON, ...fields, type: { type: 'string', enum: [name] } },
    required: ['type', 'eventTime', 'eventTimeZoneOffset', ...required],
    propertyNames: namesOf([...Object.keys(COMMON), ...Object.keys(fields)]),
    allOf: rules,
  };
}
const pick = (...names: FieldName[]) => Object.fromEntries(names.map((n) => [n, FIELDS[n]]));
const WHERE_WHY: FieldName[] = ['bizStep', 'disposition', 'readPoint', 'bizLocation', 'bizTransactionList'];
const SOURCES: FieldName[] = ['sourceList', 'destinationList', 'sensorElementList'];

const EVENTS: Record<EpcisEventType, object> = {
  ObjectEvent: eventType(
    'ObjectEvent',
    pick('action', 'epcList', 'quantityList', ...WHERE_WHY, 'persistentDisposition', ...SOURCES, 'ilmd'),
    ['action'],
    [
      // What: a list of instances, a list of quantities, or sensor readings at a read point.
      {
        anyOf: [
          { required: ['epcList'] },
          nonEmpty('quantityList', ref('quantityElement')),
          { allOf: [nonEmpty('sensorElementList', ref('sensorElement')), { required: ['readPoint'] }] },
        ],
      },
      // Instance master data (ilmd) only where objects come into being: action ADD.
      { anyOf: [{ not: { required: ['ilmd'] } }, { properties: { action: { const: 'ADD' } } }] },
    ],
  ),
  AggregationEvent: eventType(
    'AggregationEvent',
    {
      ...pick('parentID'),
      childEPCs: arrayOf(uri),
      childQuantityList: FIELDS.quantityList,
      ...pick('action', ...WHERE_WHY, ...SOURCES),
    },
    ['action'],
    [
      {
        anyOf: [
          nonEmpty('childEPCs', uri),
          nonEmpty('childQuantityList', ref('quantityElement')),
          actionIs('DELETE'),
        ],
      },
    ],
  ),
  TransactionEvent: eventType(
    'TransactionEvent',
    {
      bizTransactionList: arrayOf(ref('bizTransaction'), { minItems: 1 }),
      parentID: FIELDS.parentID,
      epcList: arrayOf(uri),
      ...pick('quantityList', 'action', 'bizStep', 'disposition', 'readPoint', 'bizLocation', ...SOURCES),
    },
    ['bizTransactionList', 'action'],
    [
      {
        anyOf: [
          { required: ['epcList'] },
          nonEmpty('quantityList', ref('quantityElement')),
          actionIs('DELETE'),
        ],
      },
    ],
  ),
  TransformationEvent: eventType(
    'TransformationEvent',
    {
      inputEPCList: FIELDS.epcList,
      inputQuantityList: FIELDS.quantityList,
      outputEPCList: FIELDS.epcList,
      outputQuantityList: FIELDS.quantityList,
      transformationID: uri,
      ...pick(...WHERE_WHY, 'persistentDisposition', ...SOURCES, 'ilmd'),
    },
    [],
    [
      // Inputs and outputs, or either of them with the transformationID that ties the events together.
      {
        anyOf: [
          {
            allOf: [
              {
                anyOf: [
                  nonEmpty('inputEPCList', { type: 'string' }),
                  nonEmpty('inputQuantityList', { type: 'object' }),
                ],
              },
              {
                anyOf: [
                  nonEmpty('outputEPCList', { type: 'string' }),
                  nonEmpty('outputQuantityList', { type: 'object' }),
                ],
              },
            ],
          },
          {
            anyOf: [
              nonEmpty('inputEPCList', { type: 'string' }),
              nonEmpty('inputQuantityList', { type: 'object' }),
              nonEmpty('outputEPCList', { type: 'string' }),
              nonEmpty('outputQuantityList', { type: 'object' }),
            ],
            required: ['transformationID'],
          },
        ],
      },
    ],
  ),
};

export const epcisDocumentSchema = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  $id: 'https://truyxuat.local/schema/epcis-document.json',
  definitions: {
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
        set: arrayOf(ref('disposition'), { minItems: 1, uniqueItems: true }),
        unset: arrayOf(ref('disposition'), { minItems: 1, uniqueItems: true }),
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
    source: {
      type: 'object',
      properties: { type: ref('sourceDest'), source: uri },
      required: ['type', 'source'],
      additionalProperties: false,
    },
    destination: {
      type: 'object',
      properties: { type: ref('sourceDest'), destination: uri },
      required: ['type', 'destination'],
      additionalProperties: false,
    },
    sourceDest: oneOfVocab(['owning_party', 'possessing_party', 'location']),
    errorDeclaration: {
      type: 'object',
      properties: {
        declarationTime: time,
        reason: oneOfVocab(['did_not_occur', 'incorrect_data']),
        correctiveEventIDs: arrayOf(uri),
      },
      required: ['declarationTime'],
      propertyNames: namesOf(['declarationTime', 'reason', 'correctiveEventIDs']),
    },
    sensorElement: {
      type: 'object',
      properties: {
        sensorMetadata: {
          type: 'object',
          properties: SENSOR_METADATA,
          propertyNames: namesOf(Object.keys(SENSOR_METADATA)),
        },
        sensorReport: arrayOf(
          {
            type: 'object',
            properties: SENSOR_REPORT,
            required: ['type'],
            propertyNames: namesOf(Object.keys(SENSOR_REPORT)),
          },
          { minItems: 1 },
        ),
      },
      required: ['sensorReport'],
      propertyNames: namesOf(['sensorMetadata', 'sensorReport']),
    },
    ...EVENTS,
  },
  type: 'object',
  properties: {
    '@context': ref('context'),
    id: uri,
    type: { type: 'string', enum: ['EPCISDocument'] },
    schemaVersion: { type: 'string', pattern: '^\\d+(\\.\\d+)*$' },
    creationDate: time,
    instanceIdentifier: { type: 'string' },
    sender: { type: 'string' },
    receiver: { type: 'string' },
    epcisHeader: { type: 'object', propertyNames: namesOf(['epcisMasterData']) },
    epcisBody: {
      type: 'object',
      properties: {
        eventList: arrayOf({
          type: 'object',
          properties: { type: { type: 'string', enum: EPCIS_EVENT_TYPES } },
          required: ['type'],
          allOf: EPCIS_EVENT_TYPES.map((t) => ({
            if: { properties: { type: { const: t } } },
            // biome-ignore lint/suspicious/noThenProperty: JSON Schema's if/then keyword, not a thenable
            then: ref(t),
          })),
        }),
      },
      required: ['eventList'],
    },
  },
  required: ['@context', 'type', 'schemaVersion', 'creationDate', 'epcisBody'],
  propertyNames: namesOf([
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
  ]),
} as const;
