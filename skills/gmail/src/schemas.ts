// Tool input schemas, the same as manifest.json's (validate --strict compares them).
const ids = {
  type: 'array',
  items: { type: 'string', minLength: 1 },
  minItems: 1,
  maxItems: 1000,
  description: 'Message ids from gmail.list',
} as const;

export const listInput = {
  type: 'object',
  properties: {
    query: {
      type: 'string',
      description:
        'Gmail search query, as in the Gmail search box ("from:ana is:unread newer_than:7d"); empty lists the newest messages',
    },
    maxResults: { type: 'integer', minimum: 1, maximum: 50, default: 10 },
  },
  additionalProperties: false,
} as const;

export const readInput = {
  type: 'object',
  properties: { id: { type: 'string', minLength: 1, description: 'A message id from gmail.list' } },
  required: ['id'],
  additionalProperties: false,
} as const;

export const sendInput = {
  type: 'object',
  properties: {
    to: {
      type: 'string',
      minLength: 3,
      description: 'Recipient address(es), comma-separated; "Name <a@b>" works',
    },
    cc: { type: 'string' },
    bcc: { type: 'string' },
    subject: {
      type: 'string',
      description: 'Required unless replying (a reply uses "Re: " and the original subject)',
    },
    body: { type: 'string', description: 'Plain-text body' },
    html: {
      type: 'string',
      description: 'Optional HTML version of the body (sent as multipart/alternative)',
    },
    reply: {
      type: 'object',
      description: 'To answer in a thread: the `reply` object gmail.read returned, as is',
      properties: {
        threadId: { type: 'string', minLength: 1 },
        messageId: { type: 'string', minLength: 3 },
        references: { type: 'string' },
        subject: { type: 'string' },
        to: { type: 'string' },
      },
      required: ['threadId', 'messageId'],
      additionalProperties: false,
    },
    attachments: {
      type: 'array',
      maxItems: 20,
      items: {
        anyOf: [
          {
            type: 'object',
            properties: { storageKey: { type: 'string', minLength: 1 } },
            required: ['storageKey'],
            additionalProperties: false,
          },
          {
            type: 'object',
            properties: {
              path: {
                type: 'string',
                minLength: 1,
                description: 'Absolute path inside a folder the user allowed',
              },
            },
            required: ['path'],
            additionalProperties: false,
          },
        ],
      },
    },
  },
  required: ['to', 'body'],
  additionalProperties: false,
} as const;

export const archiveInput = {
  type: 'object',
  properties: { ids },
  required: ['ids'],
  additionalProperties: false,
} as const;

export const labelInput = {
  type: 'object',
  properties: {
    ids,
    add: {
      type: 'array',
      items: { type: 'string', minLength: 1 },
      description: 'Label names to add (e.g. "STARRED", "Receipts")',
    },
    remove: {
      type: 'array',
      items: { type: 'string', minLength: 1 },
      description: 'Label names to remove (e.g. "UNREAD" marks read)',
    },
  },
  required: ['ids'],
  additionalProperties: false,
} as const;
