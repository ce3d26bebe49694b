/* eslint-disable */
// @ts-nocheck
// GENERATED from manifest/schema.ts by manifest-validator.generated.test.ts; do not edit.
import { createRequire } from 'node:module';
const require = createRequire(import.meta.url);
export const validate = validate10;
export default validate10;
const schema11 = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  title: 'OpenClaw skill manifest (manifest.json), version 1',
  type: 'object',
  properties: {
    $schema: {
      type: 'string',
      description:
        'Where this schema is, for editors, e.g. ./node_modules/@openclaw/skill-sdk/manifest.schema.json.',
    },
    manifestVersion: { const: 1, description: 'Format version of this file.' },
    name: {
      type: 'string',
      pattern: '^[a-z0-9]+(-[a-z0-9]+)*$',
      minLength: 1,
      maxLength: 64,
      description: "The skill's id; equals SKILL.md's name.",
    },
    version: {
      type: 'string',
      minLength: 1,
      description: "When present, equals package.json's version.",
    },
    displayName: { type: 'string', description: 'Name shown to people (MCP `title`).' },
    description: {
      type: 'string',
      minLength: 1,
      maxLength: 1024,
      description: "What the skill does and when to use it. Default: SKILL.md's description.",
    },
    author: {
      description: 'Who made it: a name, or { name, email, url }.',
      anyOf: [
        { type: 'string' },
        {
          type: 'object',
          properties: {
            name: { type: 'string', description: "The author's name." },
            email: { type: 'string', description: 'Where to reach the author.' },
            url: { type: 'string', description: "The author's web page." },
          },
          required: ['name'],
          additionalProperties: false,
        },
      ],
    },
    homepage: { type: 'string', description: "URL of the skill's documentation or source." },
    icon: { type: 'string', description: 'An icon for listings: a URL or a path in the package.' },
    host: { type: 'string', minLength: 1, description: 'Semver range of the host API, e.g. ^1' },
    entry: {
      type: 'string',
      minLength: 1,
      description:
        "The ES module to load, inside the package. Default: the package's exports (or main).",
    },
    config: {
      type: 'object',
      description:
        "JSON Schema of the skill's settings (host config skills.<name>.config), validated with defaults filled in before the skill runs; the code reads them as ctx.config.",
    },
    auth: {
      type: 'object',
      description:
        'Accounts the skill uses, by a key its tools and ctx.auth refer to: an OAuth 2 provider or an API key.',
      propertyNames: { pattern: '^[a-zA-Z0-9_-]+$' },
      additionalProperties: {
        oneOf: [
          {
            type: 'object',
            properties: {
              type: { const: 'oauth2', description: 'An OAuth 2 account the user logs in to.' },
              provider: {
                type: 'string',
                minLength: 1,
                description:
                  'Provider preset or a provider named in the host config (google, github, ...).',
              },
              scopes: {
                type: 'array',
                items: { type: 'string', minLength: 1 },
                description:
                  "Scopes asked at login besides those of the tools using this entry (the preset's short names).",
              },
            },
            required: ['type', 'provider'],
            additionalProperties: false,
          },
          {
            type: 'object',
            properties: {
              type: { const: 'apiKey', description: 'An API key the user provides.' },
              env: {
                type: 'string',
                pattern: '^[A-Za-z_][A-Za-z0-9_]*$',
                description:
                  'Name the key is looked up by: the host config (skills.<name>.secrets), the environment, then the keychain (auth set-key).',
              },
              description: {
                type: 'string',
                description: 'What the key is for, shown when it is missing.',
              },
            },
            required: ['type'],
            additionalProperties: false,
          },
        ],
      },
    },
    permissions: {
      type: 'object',
      description:
        'What isolated code may reach (enforced in the sandbox; see docs/isolation.md for each runner).',
      properties: {
        network: {
          type: 'array',
          items: { type: 'string', minLength: 1 },
          description: 'Host names the code may connect to. Default: none in a sandbox.',
        },
        env: {
          type: 'array',
          items: { type: 'string', minLength: 1 },
          description: 'Environment variables and secrets the skill may read (ctx.secrets).',
        },
        fs: {
          enum: ['none', 'read', 'write'],
          description: 'Access to the skill\'s own storage folder. Default "none".',
        },
        childProcess: {
          type: 'boolean',
          description: 'May start child processes, if the user grants it (skills.<name>.grant).',
        },
        workerThreads: {
          type: 'boolean',
          description: 'May start worker threads, if the user grants it.',
        },
        addons: { type: 'boolean', description: 'May load native addons, if the user grants it.' },
      },
      additionalProperties: false,
    },
    tools: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          name: {
            type: 'string',
            pattern: '^[a-z0-9]+(-[a-z0-9]+)*\\.[a-z][a-z0-9_]*$',
            maxLength: 128,
            description: 'Canonical name `<skill>.<tool>`, e.g. `gmail.list`.',
          },
          title: { type: 'string', description: 'Short human-readable name (MCP `title`).' },
          description: {
            type: 'string',
            minLength: 1,
            maxLength: 4096,
            description:
              'What the tool does and when to use it: the model reads this to choose it.',
          },
          inputSchema: {
            type: 'object',
            description:
              'JSON Schema of the input (`"type": "object"`); every call is validated against it before the tool runs.',
            properties: { type: { const: 'object', description: 'Always "object".' } },
            required: ['type'],
          },
          outputSchema: {
            type: 'object',
            description:
              'JSON Schema of a JSON result; results that do not match answer INVALID_OUTPUT.',
            properties: { type: { const: 'object', description: 'Always "object".' } },
            required: ['type'],
          },
          annotations: {
            type: 'object',
            description: 'MCP tool annotations (hints).',
            properties: {
              title: { type: 'string', description: 'Display name for clients.' },
              readOnlyHint: {
                type: 'boolean',
                description:
                  'Changes nothing (policy group:readonly; the readonly profile allows it).',
              },
              destructiveHint: {
                type: 'boolean',
                description:
                  'May destroy or overwrite data: asks for approval, denied to subagents (group:destructive).',
              },
              idempotentHint: {
                type: 'boolean',
                description: 'Calling again with the same input has no further effect.',
              },
              openWorldHint: {
                type: 'boolean',
                description:
                  'Reaches outside systems (the web, an API) rather than a closed domain.',
              },
            },
            additionalProperties: false,
          },
          auth: {
            type: 'object',
            description:
              'The account this tool needs; it gets tokens for these scopes only (incremental consent asks for missing ones).',
            properties: {
              provider: {
                type: 'string',
                minLength: 1,
                description: 'A key of the top-level `auth` map.',
              },
              scopes: {
                type: 'array',
                items: { type: 'string', minLength: 1 },
                description: "The narrowest scopes this tool needs, in the preset's short names.",
              },
            },
            required: ['provider'],
            additionalProperties: false,
          },
          approval: {
            enum: ['auto', 'required'],
            description:
              '"required": a person approves each call (unless the host config lifts it). Default "auto".',
          },
          timeoutMs: {
            type: 'integer',
            minimum: 1,
            maximum: 3600000,
            description:
              'Per-call timeout; the call is aborted and answers TIMEOUT. Default 60000.',
          },
          maxResultChars: {
            type: 'integer',
            minimum: 100,
            description: 'Longer results are cut, with a note to the model. Default 50000.',
          },
          ownerOnly: {
            type: 'boolean',
            description: "Only the agent's owner may call it (CallContext.isOwner). Default false.",
          },
          group: {
            type: 'string',
            pattern: '^[a-z0-9][a-z0-9_-]*$',
            description: 'A group policy can allow or deny as group:<name>.',
          },
        },
        required: ['name', 'description', 'inputSchema'],
        additionalProperties: false,
      },
      description: 'The tools the skill offers; its code implements exactly these.',
    },
  },
  required: ['manifestVersion', 'name'],
  additionalProperties: false,
};
const func2 = Object.prototype.hasOwnProperty;
const func3 = require('ajv/dist/runtime/ucs2length').default;
const pattern0 = new RegExp('^[a-z0-9]+(-[a-z0-9]+)*$', 'u');
const pattern1 = new RegExp('^[a-zA-Z0-9_-]+$', 'u');
const pattern2 = new RegExp('^[A-Za-z_][A-Za-z0-9_]*$', 'u');
const pattern3 = new RegExp('^[a-z0-9]+(-[a-z0-9]+)*\\.[a-z][a-z0-9_]*$', 'u');
const pattern4 = new RegExp('^[a-z0-9][a-z0-9_-]*$', 'u');
function validate10(
  data,
  { instancePath = '', parentData, parentDataProperty, rootData = data } = {},
) {
  let vErrors = null;
  let errors = 0;
  if (data && typeof data == 'object' && !Array.isArray(data)) {
    if (data.manifestVersion === undefined) {
      const err0 = {
        instancePath,
        schemaPath: '#/required',
        keyword: 'required',
        params: { missingProperty: 'manifestVersion' },
        message: "must have required property '" + 'manifestVersion' + "'",
        schema: schema11.required,
        parentSchema: schema11,
        data,
      };
      if (vErrors === null) {
        vErrors = [err0];
      } else {
        vErrors.push(err0);
      }
      errors++;
    }
    if (data.name === undefined) {
      const err1 = {
        instancePath,
        schemaPath: '#/required',
        keyword: 'required',
        params: { missingProperty: 'name' },
        message: "must have required property '" + 'name' + "'",
        schema: schema11.required,
        parentSchema: schema11,
        data,
      };
      if (vErrors === null) {
        vErrors = [err1];
      } else {
        vErrors.push(err1);
      }
      errors++;
    }
    for (const key0 in data) {
      if (!func2.call(schema11.properties, key0)) {
        const err2 = {
          instancePath,
          schemaPath: '#/additionalProperties',
          keyword: 'additionalProperties',
          params: { additionalProperty: key0 },
          message: 'must NOT have additional properties',
          schema: false,
          parentSchema: schema11,
          data,
        };
        if (vErrors === null) {
          vErrors = [err2];
        } else {
          vErrors.push(err2);
        }
        errors++;
      }
    }
    if (data.$schema !== undefined) {
      let data0 = data.$schema;
      if (typeof data0 !== 'string') {
        const err3 = {
          instancePath: instancePath + '/$schema',
          schemaPath: '#/properties/%24schema/type',
          keyword: 'type',
          params: { type: 'string' },
          message: 'must be string',
          schema: schema11.properties.$schema.type,
          parentSchema: schema11.properties.$schema,
          data: data0,
        };
        if (vErrors === null) {
          vErrors = [err3];
        } else {
          vErrors.push(err3);
        }
        errors++;
      }
    }
    if (data.manifestVersion !== undefined) {
      let data1 = data.manifestVersion;
      if (1 !== data1) {
        const err4 = {
          instancePath: instancePath + '/manifestVersion',
          schemaPath: '#/properties/manifestVersion/const',
          keyword: 'const',
          params: { allowedValue: 1 },
          message: 'must be equal to constant',
          schema: 1,
          parentSchema: schema11.properties.manifestVersion,
          data: data1,
        };
        if (vErrors === null) {
          vErrors = [err4];
        } else {
          vErrors.push(err4);
        }
        errors++;
      }
    }
    if (data.name !== undefined) {
      let data2 = data.name;
      if (typeof data2 === 'string') {
        if (func3(data2) > 64) {
          const err5 = {
            instancePath: instancePath + '/name',
            schemaPath: '#/properties/name/maxLength',
            keyword: 'maxLength',
            params: { limit: 64 },
            message: 'must NOT have more than 64 characters',
            schema: 64,
            parentSchema: schema11.properties.name,
            data: data2,
          };
          if (vErrors === null) {
            vErrors = [err5];
          } else {
            vErrors.push(err5);
          }
          errors++;
        }
        if (func3(data2) < 1) {
          const err6 = {
            instancePath: instancePath + '/name',
            schemaPath: '#/properties/name/minLength',
            keyword: 'minLength',
            params: { limit: 1 },
            message: 'must NOT have fewer than 1 characters',
            schema: 1,
            parentSchema: schema11.properties.name,
            data: data2,
          };
          if (vErrors === null) {
            vErrors = [err6];
          } else {
            vErrors.push(err6);
          }
          errors++;
        }
        if (!pattern0.test(data2)) {
          const err7 = {
            instancePath: instancePath + '/name',
            schemaPath: '#/properties/name/pattern',
            keyword: 'pattern',
            params: { pattern: '^[a-z0-9]+(-[a-z0-9]+)*$' },
            message: 'must match pattern "' + '^[a-z0-9]+(-[a-z0-9]+)*$' + '"',
            schema: '^[a-z0-9]+(-[a-z0-9]+)*$',
            parentSchema: schema11.properties.name,
            data: data2,
          };
          if (vErrors === null) {
            vErrors = [err7];
          } else {
            vErrors.push(err7);
          }
          errors++;
        }
      } else {
        const err8 = {
          instancePath: instancePath + '/name',
          schemaPath: '#/properties/name/type',
          keyword: 'type',
          params: { type: 'string' },
          message: 'must be string',
          schema: schema11.properties.name.type,
          parentSchema: schema11.properties.name,
          data: data2,
        };
        if (vErrors === null) {
          vErrors = [err8];
        } else {
          vErrors.push(err8);
        }
        errors++;
      }
    }
    if (data.version !== undefined) {
      let data3 = data.version;
      if (typeof data3 === 'string') {
        if (func3(data3) < 1) {
          const err9 = {
            instancePath: instancePath + '/version',
            schemaPath: '#/properties/version/minLength',
            keyword: 'minLength',
            params: { limit: 1 },
            message: 'must NOT have fewer than 1 characters',
            schema: 1,
            parentSchema: schema11.properties.version,
            data: data3,
          };
          if (vErrors === null) {
            vErrors = [err9];
          } else {
            vErrors.push(err9);
          }
          errors++;
        }
      } else {
        const err10 = {
          instancePath: instancePath + '/version',
          schemaPath: '#/properties/version/type',
          keyword: 'type',
          params: { type: 'string' },
          message: 'must be string',
          schema: schema11.properties.version.type,
          parentSchema: schema11.properties.version,
          data: data3,
        };
        if (vErrors === null) {
          vErrors = [err10];
        } else {
          vErrors.push(err10);
        }
        errors++;
      }
    }
    if (data.displayName !== undefined) {
      let data4 = data.displayName;
      if (typeof data4 !== 'string') {
        const err11 = {
          instancePath: instancePath + '/displayName',
          schemaPath: '#/properties/displayName/type',
          keyword: 'type',
          params: { type: 'string' },
          message: 'must be string',
          schema: schema11.properties.displayName.type,
          parentSchema: schema11.properties.displayName,
          data: data4,
        };
        if (vErrors === null) {
          vErrors = [err11];
        } else {
          vErrors.push(err11);
        }
        errors++;
      }
    }
    if (data.description !== undefined) {
      let data5 = data.description;
      if (typeof data5 === 'string') {
        if (func3(data5) > 1024) {
          const err12 = {
            instancePath: instancePath + '/description',
            schemaPath: '#/properties/description/maxLength',
            keyword: 'maxLength',
            params: { limit: 1024 },
            message: 'must NOT have more than 1024 characters',
            schema: 1024,
            parentSchema: schema11.properties.description,
            data: data5,
          };
          if (vErrors === null) {
            vErrors = [err12];
          } else {
            vErrors.push(err12);
          }
          errors++;
        }
        if (func3(data5) < 1) {
          const err13 = {
            instancePath: instancePath + '/description',
            schemaPath: '#/properties/description/minLength',
            keyword: 'minLength',
            params: { limit: 1 },
            message: 'must NOT have fewer than 1 characters',
            schema: 1,
            parentSchema: schema11.properties.description,
            data: data5,
          };
          if (vErrors === null) {
            vErrors = [err13];
          } else {
            vErrors.push(err13);
          }
          errors++;
        }
      } else {
        const err14 = {
          instancePath: instancePath + '/description',
          schemaPath: '#/properties/description/type',
          keyword: 'type',
          params: { type: 'string' },
          message: 'must be string',
          schema: schema11.properties.description.type,
          parentSchema: schema11.properties.description,
          data: data5,
        };
        if (vErrors === null) {
          vErrors = [err14];
        } else {
          vErrors.push(err14);
        }
        errors++;
      }
    }
    if (data.author !== undefined) {
      let data6 = data.author;
      const _errs14 = errors;
      let valid1 = false;
      const _errs15 = errors;
      if (typeof data6 !== 'string') {
        const err15 = {
          instancePath: instancePath + '/author',
          schemaPath: '#/properties/author/anyOf/0/type',
          keyword: 'type',
          params: { type: 'string' },
          message: 'must be string',
          schema: schema11.properties.author.anyOf[0].type,
          parentSchema: schema11.properties.author.anyOf[0],
          data: data6,
        };
        if (vErrors === null) {
          vErrors = [err15];
        } else {
          vErrors.push(err15);
        }
        errors++;
      }
      var _valid0 = _errs15 === errors;
      valid1 = valid1 || _valid0;
      if (!valid1) {
        const _errs17 = errors;
        if (data6 && typeof data6 == 'object' && !Array.isArray(data6)) {
          if (data6.name === undefined) {
            const err16 = {
              instancePath: instancePath + '/author',
              schemaPath: '#/properties/author/anyOf/1/required',
              keyword: 'required',
              params: { missingProperty: 'name' },
              message: "must have required property '" + 'name' + "'",
              schema: schema11.properties.author.anyOf[1].required,
              parentSchema: schema11.properties.author.anyOf[1],
              data: data6,
            };
            if (vErrors === null) {
              vErrors = [err16];
            } else {
              vErrors.push(err16);
            }
            errors++;
          }
          for (const key1 in data6) {
            if (!(key1 === 'name' || key1 === 'email' || key1 === 'url')) {
              const err17 = {
                instancePath: instancePath + '/author',
                schemaPath: '#/properties/author/anyOf/1/additionalProperties',
                keyword: 'additionalProperties',
                params: { additionalProperty: key1 },
                message: 'must NOT have additional properties',
                schema: false,
                parentSchema: schema11.properties.author.anyOf[1],
                data: data6,
              };
              if (vErrors === null) {
                vErrors = [err17];
              } else {
                vErrors.push(err17);
              }
              errors++;
            }
          }
          if (data6.name !== undefined) {
            let data7 = data6.name;
            if (typeof data7 !== 'string') {
              const err18 = {
                instancePath: instancePath + '/author/name',
                schemaPath: '#/properties/author/anyOf/1/properties/name/type',
                keyword: 'type',
                params: { type: 'string' },
                message: 'must be string',
                schema: schema11.properties.author.anyOf[1].properties.name.type,
                parentSchema: schema11.properties.author.anyOf[1].properties.name,
                data: data7,
              };
              if (vErrors === null) {
                vErrors = [err18];
              } else {
                vErrors.push(err18);
              }
              errors++;
            }
          }
          if (data6.email !== undefined) {
            let data8 = data6.email;
            if (typeof data8 !== 'string') {
              const err19 = {
                instancePath: instancePath + '/author/email',
                schemaPath: '#/properties/author/anyOf/1/properties/email/type',
                keyword: 'type',
                params: { type: 'string' },
                message: 'must be string',
                schema: schema11.properties.author.anyOf[1].properties.email.type,
                parentSchema: schema11.properties.author.anyOf[1].properties.email,
                data: data8,
              };
              if (vErrors === null) {
                vErrors = [err19];
              } else {
                vErrors.push(err19);
              }
              errors++;
            }
          }
          if (data6.url !== undefined) {
            let data9 = data6.url;
            if (typeof data9 !== 'string') {
              const err20 = {
                instancePath: instancePath + '/author/url',
                schemaPath: '#/properties/author/anyOf/1/properties/url/type',
                keyword: 'type',
                params: { type: 'string' },
                message: 'must be string',
                schema: schema11.properties.author.anyOf[1].properties.url.type,
                parentSchema: schema11.properties.author.anyOf[1].properties.url,
                data: data9,
              };
              if (vErrors === null) {
                vErrors = [err20];
              } else {
                vErrors.push(err20);
              }
              errors++;
            }
          }
        } else {
          const err21 = {
            instancePath: instancePath + '/author',
            schemaPath: '#/properties/author/anyOf/1/type',
            keyword: 'type',
            params: { type: 'object' },
            message: 'must be object',
            schema: schema11.properties.author.anyOf[1].type,
            parentSchema: schema11.properties.author.anyOf[1],
            data: data6,
          };
          if (vErrors === null) {
            vErrors = [err21];
          } else {
            vErrors.push(err21);
          }
          errors++;
        }
        var _valid0 = _errs17 === errors;
        valid1 = valid1 || _valid0;
      }
      if (!valid1) {
        const err22 = {
          instancePath: instancePath + '/author',
          schemaPath: '#/properties/author/anyOf',
          keyword: 'anyOf',
          params: {},
          message: 'must match a schema in anyOf',
          schema: schema11.properties.author.anyOf,
          parentSchema: schema11.properties.author,
          data: data6,
        };
        if (vErrors === null) {
          vErrors = [err22];
        } else {
          vErrors.push(err22);
        }
        errors++;
      } else {
        errors = _errs14;
        if (vErrors !== null) {
          if (_errs14) {
            vErrors.length = _errs14;
          } else {
            vErrors = null;
          }
        }
      }
    }
    if (data.homepage !== undefined) {
      let data10 = data.homepage;
      if (typeof data10 !== 'string') {
        const err23 = {
          instancePath: instancePath + '/homepage',
          schemaPath: '#/properties/homepage/type',
          keyword: 'type',
          params: { type: 'string' },
          message: 'must be string',
          schema: schema11.properties.homepage.type,
          parentSchema: schema11.properties.homepage,
          data: data10,
        };
        if (vErrors === null) {
          vErrors = [err23];
        } else {
          vErrors.push(err23);
        }
        errors++;
      }
    }
    if (data.icon !== undefined) {
      let data11 = data.icon;
      if (typeof data11 !== 'string') {
        const err24 = {
          instancePath: instancePath + '/icon',
          schemaPath: '#/properties/icon/type',
          keyword: 'type',
          params: { type: 'string' },
          message: 'must be string',
          schema: schema11.properties.icon.type,
          parentSchema: schema11.properties.icon,
          data: data11,
        };
        if (vErrors === null) {
          vErrors = [err24];
        } else {
          vErrors.push(err24);
        }
        errors++;
      }
    }
    if (data.host !== undefined) {
      let data12 = data.host;
      if (typeof data12 === 'string') {
        if (func3(data12) < 1) {
          const err25 = {
            instancePath: instancePath + '/host',
            schemaPath: '#/properties/host/minLength',
            keyword: 'minLength',
            params: { limit: 1 },
            message: 'must NOT have fewer than 1 characters',
            schema: 1,
            parentSchema: schema11.properties.host,
            data: data12,
          };
          if (vErrors === null) {
            vErrors = [err25];
          } else {
            vErrors.push(err25);
          }
          errors++;
        }
      } else {
        const err26 = {
          instancePath: instancePath + '/host',
          schemaPath: '#/properties/host/type',
          keyword: 'type',
          params: { type: 'string' },
          message: 'must be string',
          schema: schema11.properties.host.type,
          parentSchema: schema11.properties.host,
          data: data12,
        };
        if (vErrors === null) {
          vErrors = [err26];
        } else {
          vErrors.push(err26);
        }
        errors++;
      }
    }
    if (data.entry !== undefined) {
      let data13 = data.entry;
      if (typeof data13 === 'string') {
        if (func3(data13) < 1) {
          const err27 = {
            instancePath: instancePath + '/entry',
            schemaPath: '#/properties/entry/minLength',
            keyword: 'minLength',
            params: { limit: 1 },
            message: 'must NOT have fewer than 1 characters',
            schema: 1,
            parentSchema: schema11.properties.entry,
            data: data13,
          };
          if (vErrors === null) {
            vErrors = [err27];
          } else {
            vErrors.push(err27);
          }
          errors++;
        }
      } else {
        const err28 = {
          instancePath: instancePath + '/entry',
          schemaPath: '#/properties/entry/type',
          keyword: 'type',
          params: { type: 'string' },
          message: 'must be string',
          schema: schema11.properties.entry.type,
          parentSchema: schema11.properties.entry,
          data: data13,
        };
        if (vErrors === null) {
          vErrors = [err28];
        } else {
          vErrors.push(err28);
        }
        errors++;
      }
    }
    if (data.config !== undefined) {
      let data14 = data.config;
      if (!(data14 && typeof data14 == 'object' && !Array.isArray(data14))) {
        const err29 = {
          instancePath: instancePath + '/config',
          schemaPath: '#/properties/config/type',
          keyword: 'type',
          params: { type: 'object' },
          message: 'must be object',
          schema: schema11.properties.config.type,
          parentSchema: schema11.properties.config,
          data: data14,
        };
        if (vErrors === null) {
          vErrors = [err29];
        } else {
          vErrors.push(err29);
        }
        errors++;
      }
    }
    if (data.auth !== undefined) {
      let data15 = data.auth;
      if (data15 && typeof data15 == 'object' && !Array.isArray(data15)) {
        for (const key2 in data15) {
          const _errs38 = errors;
          if (typeof key2 === 'string') {
            if (!pattern1.test(key2)) {
              const err30 = {
                instancePath: instancePath + '/auth',
                schemaPath: '#/properties/auth/propertyNames/pattern',
                keyword: 'pattern',
                params: { pattern: '^[a-zA-Z0-9_-]+$' },
                message: 'must match pattern "' + '^[a-zA-Z0-9_-]+$' + '"',
                schema: '^[a-zA-Z0-9_-]+$',
                parentSchema: schema11.properties.auth.propertyNames,
                data: key2,
                propertyName: key2,
              };
              if (vErrors === null) {
                vErrors = [err30];
              } else {
                vErrors.push(err30);
              }
              errors++;
            }
          }
          var valid3 = _errs38 === errors;
          if (!valid3) {
            const err31 = {
              instancePath: instancePath + '/auth',
              schemaPath: '#/properties/auth/propertyNames',
              keyword: 'propertyNames',
              params: { propertyName: key2 },
              message: 'property name must be valid',
              schema: schema11.properties.auth.propertyNames,
              parentSchema: schema11.properties.auth,
              data: data15,
            };
            if (vErrors === null) {
              vErrors = [err31];
            } else {
              vErrors.push(err31);
            }
            errors++;
          }
        }
        for (const key3 in data15) {
          let data16 = data15[key3];
          const _errs41 = errors;
          let valid5 = false;
          let passing0 = null;
          const _errs42 = errors;
          if (data16 && typeof data16 == 'object' && !Array.isArray(data16)) {
            if (data16.type === undefined) {
              const err32 = {
                instancePath:
                  instancePath + '/auth/' + key3.replace(/~/g, '~0').replace(/\//g, '~1'),
                schemaPath: '#/properties/auth/additionalProperties/oneOf/0/required',
                keyword: 'required',
                params: { missingProperty: 'type' },
                message: "must have required property '" + 'type' + "'",
                schema: schema11.properties.auth.additionalProperties.oneOf[0].required,
                parentSchema: schema11.properties.auth.additionalProperties.oneOf[0],
                data: data16,
              };
              if (vErrors === null) {
                vErrors = [err32];
              } else {
                vErrors.push(err32);
              }
              errors++;
            }
            if (data16.provider === undefined) {
              const err33 = {
                instancePath:
                  instancePath + '/auth/' + key3.replace(/~/g, '~0').replace(/\//g, '~1'),
                schemaPath: '#/properties/auth/additionalProperties/oneOf/0/required',
                keyword: 'required',
                params: { missingProperty: 'provider' },
                message: "must have required property '" + 'provider' + "'",
                schema: schema11.properties.auth.additionalProperties.oneOf[0].required,
                parentSchema: schema11.properties.auth.additionalProperties.oneOf[0],
                data: data16,
              };
              if (vErrors === null) {
                vErrors = [err33];
              } else {
                vErrors.push(err33);
              }
              errors++;
            }
            for (const key4 in data16) {
              if (!(key4 === 'type' || key4 === 'provider' || key4 === 'scopes')) {
                const err34 = {
                  instancePath:
                    instancePath + '/auth/' + key3.replace(/~/g, '~0').replace(/\//g, '~1'),
                  schemaPath: '#/properties/auth/additionalProperties/oneOf/0/additionalProperties',
                  keyword: 'additionalProperties',
                  params: { additionalProperty: key4 },
                  message: 'must NOT have additional properties',
                  schema: false,
                  parentSchema: schema11.properties.auth.additionalProperties.oneOf[0],
                  data: data16,
                };
                if (vErrors === null) {
                  vErrors = [err34];
                } else {
                  vErrors.push(err34);
                }
                errors++;
              }
            }
            if (data16.type !== undefined) {
              let data17 = data16.type;
              if ('oauth2' !== data17) {
                const err35 = {
                  instancePath:
                    instancePath +
                    '/auth/' +
                    key3.replace(/~/g, '~0').replace(/\//g, '~1') +
                    '/type',
                  schemaPath:
                    '#/properties/auth/additionalProperties/oneOf/0/properties/type/const',
                  keyword: 'const',
                  params: { allowedValue: 'oauth2' },
                  message: 'must be equal to constant',
                  schema: 'oauth2',
                  parentSchema:
                    schema11.properties.auth.additionalProperties.oneOf[0].properties.type,
                  data: data17,
                };
                if (vErrors === null) {
                  vErrors = [err35];
                } else {
                  vErrors.push(err35);
                }
                errors++;
              }
            }
            if (data16.provider !== undefined) {
              let data18 = data16.provider;
              if (typeof data18 === 'string') {
                if (func3(data18) < 1) {
                  const err36 = {
                    instancePath:
                      instancePath +
                      '/auth/' +
                      key3.replace(/~/g, '~0').replace(/\//g, '~1') +
                      '/provider',
                    schemaPath:
                      '#/properties/auth/additionalProperties/oneOf/0/properties/provider/minLength',
                    keyword: 'minLength',
                    params: { limit: 1 },
                    message: 'must NOT have fewer than 1 characters',
                    schema: 1,
                    parentSchema:
                      schema11.properties.auth.additionalProperties.oneOf[0].properties.provider,
                    data: data18,
                  };
                  if (vErrors === null) {
                    vErrors = [err36];
                  } else {
                    vErrors.push(err36);
                  }
                  errors++;
                }
              } else {
                const err37 = {
                  instancePath:
                    instancePath +
                    '/auth/' +
                    key3.replace(/~/g, '~0').replace(/\//g, '~1') +
                    '/provider',
                  schemaPath:
                    '#/properties/auth/additionalProperties/oneOf/0/properties/provider/type',
                  keyword: 'type',
                  params: { type: 'string' },
                  message: 'must be string',
                  schema:
                    schema11.properties.auth.additionalProperties.oneOf[0].properties.provider.type,
                  parentSchema:
                    schema11.properties.auth.additionalProperties.oneOf[0].properties.provider,
                  data: data18,
                };
                if (vErrors === null) {
                  vErrors = [err37];
                } else {
                  vErrors.push(err37);
                }
                errors++;
              }
            }
            if (data16.scopes !== undefined) {
              let data19 = data16.scopes;
              if (Array.isArray(data19)) {
                const len0 = data19.length;
                for (let i0 = 0; i0 < len0; i0++) {
                  let data20 = data19[i0];
                  if (typeof data20 === 'string') {
                    if (func3(data20) < 1) {
                      const err38 = {
                        instancePath:
                          instancePath +
                          '/auth/' +
                          key3.replace(/~/g, '~0').replace(/\//g, '~1') +
                          '/scopes/' +
                          i0,
                        schemaPath:
                          '#/properties/auth/additionalProperties/oneOf/0/properties/scopes/items/minLength',
                        keyword: 'minLength',
                        params: { limit: 1 },
                        message: 'must NOT have fewer than 1 characters',
                        schema: 1,
                        parentSchema:
                          schema11.properties.auth.additionalProperties.oneOf[0].properties.scopes
                            .items,
                        data: data20,
                      };
                      if (vErrors === null) {
                        vErrors = [err38];
                      } else {
                        vErrors.push(err38);
                      }
                      errors++;
                    }
                  } else {
                    const err39 = {
                      instancePath:
                        instancePath +
                        '/auth/' +
                        key3.replace(/~/g, '~0').replace(/\//g, '~1') +
                        '/scopes/' +
                        i0,
                      schemaPath:
                        '#/properties/auth/additionalProperties/oneOf/0/properties/scopes/items/type',
                      keyword: 'type',
                      params: { type: 'string' },
                      message: 'must be string',
                      schema:
                        schema11.properties.auth.additionalProperties.oneOf[0].properties.scopes
                          .items.type,
                      parentSchema:
                        schema11.properties.auth.additionalProperties.oneOf[0].properties.scopes
                          .items,
                      data: data20,
                    };
                    if (vErrors === null) {
                      vErrors = [err39];
                    } else {
                      vErrors.push(err39);
                    }
                    errors++;
                  }
                }
              } else {
                const err40 = {
                  instancePath:
                    instancePath +
                    '/auth/' +
                    key3.replace(/~/g, '~0').replace(/\//g, '~1') +
                    '/scopes',
                  schemaPath:
                    '#/properties/auth/additionalProperties/oneOf/0/properties/scopes/type',
                  keyword: 'type',
                  params: { type: 'array' },
                  message: 'must be array',
                  schema:
                    schema11.properties.auth.additionalProperties.oneOf[0].properties.scopes.type,
                  parentSchema:
                    schema11.properties.auth.additionalProperties.oneOf[0].properties.scopes,
                  data: data19,
                };
                if (vErrors === null) {
                  vErrors = [err40];
                } else {
                  vErrors.push(err40);
                }
                errors++;
              }
            }
          } else {
            const err41 = {
              instancePath: instancePath + '/auth/' + key3.replace(/~/g, '~0').replace(/\//g, '~1'),
              schemaPath: '#/properties/auth/additionalProperties/oneOf/0/type',
              keyword: 'type',
              params: { type: 'object' },
              message: 'must be object',
              schema: schema11.properties.auth.additionalProperties.oneOf[0].type,
              parentSchema: schema11.properties.auth.additionalProperties.oneOf[0],
              data: data16,
            };
            if (vErrors === null) {
              vErrors = [err41];
            } else {
              vErrors.push(err41);
            }
            errors++;
          }
          var _valid1 = _errs42 === errors;
          if (_valid1) {
            valid5 = true;
            passing0 = 0;
          }
          const _errs52 = errors;
          if (data16 && typeof data16 == 'object' && !Array.isArray(data16)) {
            if (data16.type === undefined) {
              const err42 = {
                instancePath:
                  instancePath + '/auth/' + key3.replace(/~/g, '~0').replace(/\//g, '~1'),
                schemaPath: '#/properties/auth/additionalProperties/oneOf/1/required',
                keyword: 'required',
                params: { missingProperty: 'type' },
                message: "must have required property '" + 'type' + "'",
                schema: schema11.properties.auth.additionalProperties.oneOf[1].required,
                parentSchema: schema11.properties.auth.additionalProperties.oneOf[1],
                data: data16,
              };
              if (vErrors === null) {
                vErrors = [err42];
              } else {
                vErrors.push(err42);
              }
              errors++;
            }
            for (const key5 in data16) {
              if (!(key5 === 'type' || key5 === 'env' || key5 === 'description')) {
                const err43 = {
                  instancePath:
                    instancePath + '/auth/' + key3.replace(/~/g, '~0').replace(/\//g, '~1'),
                  schemaPath: '#/properties/auth/additionalProperties/oneOf/1/additionalProperties',
                  keyword: 'additionalProperties',
                  params: { additionalProperty: key5 },
                  message: 'must NOT have additional properties',
                  schema: false,
                  parentSchema: schema11.properties.auth.additionalProperties.oneOf[1],
                  data: data16,
                };
                if (vErrors === null) {
                  vErrors = [err43];
                } else {
                  vErrors.push(err43);
                }
                errors++;
              }
            }
            if (data16.type !== undefined) {
              let data21 = data16.type;
              if ('apiKey' !== data21) {
                const err44 = {
                  instancePath:
                    instancePath +
                    '/auth/' +
                    key3.replace(/~/g, '~0').replace(/\//g, '~1') +
                    '/type',
                  schemaPath:
                    '#/properties/auth/additionalProperties/oneOf/1/properties/type/const',
                  keyword: 'const',
                  params: { allowedValue: 'apiKey' },
                  message: 'must be equal to constant',
                  schema: 'apiKey',
                  parentSchema:
                    schema11.properties.auth.additionalProperties.oneOf[1].properties.type,
                  data: data21,
                };
                if (vErrors === null) {
                  vErrors = [err44];
                } else {
                  vErrors.push(err44);
                }
                errors++;
              }
            }
            if (data16.env !== undefined) {
              let data22 = data16.env;
              if (typeof data22 === 'string') {
                if (!pattern2.test(data22)) {
                  const err45 = {
                    instancePath:
                      instancePath +
                      '/auth/' +
                      key3.replace(/~/g, '~0').replace(/\//g, '~1') +
                      '/env',
                    schemaPath:
                      '#/properties/auth/additionalProperties/oneOf/1/properties/env/pattern',
                    keyword: 'pattern',
                    params: { pattern: '^[A-Za-z_][A-Za-z0-9_]*$' },
                    message: 'must match pattern "' + '^[A-Za-z_][A-Za-z0-9_]*$' + '"',
                    schema: '^[A-Za-z_][A-Za-z0-9_]*$',
                    parentSchema:
                      schema11.properties.auth.additionalProperties.oneOf[1].properties.env,
                    data: data22,
                  };
                  if (vErrors === null) {
                    vErrors = [err45];
                  } else {
                    vErrors.push(err45);
                  }
                  errors++;
                }
              } else {
                const err46 = {
                  instancePath:
                    instancePath +
                    '/auth/' +
                    key3.replace(/~/g, '~0').replace(/\//g, '~1') +
                    '/env',
                  schemaPath: '#/properties/auth/additionalProperties/oneOf/1/properties/env/type',
                  keyword: 'type',
                  params: { type: 'string' },
                  message: 'must be string',
                  schema:
                    schema11.properties.auth.additionalProperties.oneOf[1].properties.env.type,
                  parentSchema:
                    schema11.properties.auth.additionalProperties.oneOf[1].properties.env,
                  data: data22,
                };
                if (vErrors === null) {
                  vErrors = [err46];
                } else {
                  vErrors.push(err46);
                }
                errors++;
              }
            }
            if (data16.description !== undefined) {
              let data23 = data16.description;
              if (typeof data23 !== 'string') {
                const err47 = {
                  instancePath:
                    instancePath +
                    '/auth/' +
                    key3.replace(/~/g, '~0').replace(/\//g, '~1') +
                    '/description',
                  schemaPath:
                    '#/properties/auth/additionalProperties/oneOf/1/properties/description/type',
                  keyword: 'type',
                  params: { type: 'string' },
                  message: 'must be string',
                  schema:
                    schema11.properties.auth.additionalProperties.oneOf[1].properties.description
                      .type,
                  parentSchema:
                    schema11.properties.auth.additionalProperties.oneOf[1].properties.description,
                  data: data23,
                };
                if (vErrors === null) {
                  vErrors = [err47];
                } else {
                  vErrors.push(err47);
                }
                errors++;
              }
            }
          } else {
            const err48 = {
              instancePath: instancePath + '/auth/' + key3.replace(/~/g, '~0').replace(/\//g, '~1'),
              schemaPath: '#/properties/auth/additionalProperties/oneOf/1/type',
              keyword: 'type',
              params: { type: 'object' },
              message: 'must be object',
              schema: schema11.properties.auth.additionalProperties.oneOf[1].type,
              parentSchema: schema11.properties.auth.additionalProperties.oneOf[1],
              data: data16,
            };
            if (vErrors === null) {
              vErrors = [err48];
            } else {
              vErrors.push(err48);
            }
            errors++;
          }
          var _valid1 = _errs52 === errors;
          if (_valid1 && valid5) {
            valid5 = false;
            passing0 = [passing0, 1];
          } else {
            if (_valid1) {
              valid5 = true;
              passing0 = 1;
            }
          }
          if (!valid5) {
            const err49 = {
              instancePath: instancePath + '/auth/' + key3.replace(/~/g, '~0').replace(/\//g, '~1'),
              schemaPath: '#/properties/auth/additionalProperties/oneOf',
              keyword: 'oneOf',
              params: { passingSchemas: passing0 },
              message: 'must match exactly one schema in oneOf',
              schema: schema11.properties.auth.additionalProperties.oneOf,
              parentSchema: schema11.properties.auth.additionalProperties,
              data: data16,
            };
            if (vErrors === null) {
              vErrors = [err49];
            } else {
              vErrors.push(err49);
            }
            errors++;
          } else {
            errors = _errs41;
            if (vErrors !== null) {
              if (_errs41) {
                vErrors.length = _errs41;
              } else {
                vErrors = null;
              }
            }
          }
        }
      } else {
        const err50 = {
          instancePath: instancePath + '/auth',
          schemaPath: '#/properties/auth/type',
          keyword: 'type',
          params: { type: 'object' },
          message: 'must be object',
          schema: schema11.properties.auth.type,
          parentSchema: schema11.properties.auth,
          data: data15,
        };
        if (vErrors === null) {
          vErrors = [err50];
        } else {
          vErrors.push(err50);
        }
        errors++;
      }
    }
    if (data.permissions !== undefined) {
      let data24 = data.permissions;
      if (data24 && typeof data24 == 'object' && !Array.isArray(data24)) {
        for (const key6 in data24) {
          if (!(
            key6 === 'network' ||
            key6 === 'env' ||
            key6 === 'fs' ||
            key6 === 'childProcess' ||
            key6 === 'workerThreads' ||
            key6 === 'addons'
          )) {
            const err51 = {
              instancePath: instancePath + '/permissions',
              schemaPath: '#/properties/permissions/additionalProperties',
              keyword: 'additionalProperties',
              params: { additionalProperty: key6 },
              message: 'must NOT have additional properties',
              schema: false,
              parentSchema: schema11.properties.permissions,
              data: data24,
            };
            if (vErrors === null) {
              vErrors = [err51];
            } else {
              vErrors.push(err51);
            }
            errors++;
          }
        }
        if (data24.network !== undefined) {
          let data25 = data24.network;
          if (Array.isArray(data25)) {
            const len1 = data25.length;
            for (let i1 = 0; i1 < len1; i1++) {
              let data26 = data25[i1];
              if (typeof data26 === 'string') {
                if (func3(data26) < 1) {
                  const err52 = {
                    instancePath: instancePath + '/permissions/network/' + i1,
                    schemaPath: '#/properties/permissions/properties/network/items/minLength',
                    keyword: 'minLength',
                    params: { limit: 1 },
                    message: 'must NOT have fewer than 1 characters',
                    schema: 1,
                    parentSchema: schema11.properties.permissions.properties.network.items,
                    data: data26,
                  };
                  if (vErrors === null) {
                    vErrors = [err52];
                  } else {
                    vErrors.push(err52);
                  }
                  errors++;
                }
              } else {
                const err53 = {
                  instancePath: instancePath + '/permissions/network/' + i1,
                  schemaPath: '#/properties/permissions/properties/network/items/type',
                  keyword: 'type',
                  params: { type: 'string' },
                  message: 'must be string',
                  schema: schema11.properties.permissions.properties.network.items.type,
                  parentSchema: schema11.properties.permissions.properties.network.items,
                  data: data26,
                };
                if (vErrors === null) {
                  vErrors = [err53];
                } else {
                  vErrors.push(err53);
                }
                errors++;
              }
            }
          } else {
            const err54 = {
              instancePath: instancePath + '/permissions/network',
              schemaPath: '#/properties/permissions/properties/network/type',
              keyword: 'type',
              params: { type: 'array' },
              message: 'must be array',
              schema: schema11.properties.permissions.properties.network.type,
              parentSchema: schema11.properties.permissions.properties.network,
              data: data25,
            };
            if (vErrors === null) {
              vErrors = [err54];
            } else {
              vErrors.push(err54);
            }
            errors++;
          }
        }
        if (data24.env !== undefined) {
          let data27 = data24.env;
          if (Array.isArray(data27)) {
            const len2 = data27.length;
            for (let i2 = 0; i2 < len2; i2++) {
              let data28 = data27[i2];
              if (typeof data28 === 'string') {
                if (func3(data28) < 1) {
                  const err55 = {
                    instancePath: instancePath + '/permissions/env/' + i2,
                    schemaPath: '#/properties/permissions/properties/env/items/minLength',
                    keyword: 'minLength',
                    params: { limit: 1 },
                    message: 'must NOT have fewer than 1 characters',
                    schema: 1,
                    parentSchema: schema11.properties.permissions.properties.env.items,
                    data: data28,
                  };
                  if (vErrors === null) {
                    vErrors = [err55];
                  } else {
                    vErrors.push(err55);
                  }
                  errors++;
                }
              } else {
                const err56 = {
                  instancePath: instancePath + '/permissions/env/' + i2,
                  schemaPath: '#/properties/permissions/properties/env/items/type',
                  keyword: 'type',
                  params: { type: 'string' },
                  message: 'must be string',
                  schema: schema11.properties.permissions.properties.env.items.type,
                  parentSchema: schema11.properties.permissions.properties.env.items,
                  data: data28,
                };
                if (vErrors === null) {
                  vErrors = [err56];
                } else {
                  vErrors.push(err56);
                }
                errors++;
              }
            }
          } else {
            const err57 = {
              instancePath: instancePath + '/permissions/env',
              schemaPath: '#/properties/permissions/properties/env/type',
              keyword: 'type',
              params: { type: 'array' },
              message: 'must be array',
              schema: schema11.properties.permissions.properties.env.type,
              parentSchema: schema11.properties.permissions.properties.env,
              data: data27,
            };
            if (vErrors === null) {
              vErrors = [err57];
            } else {
              vErrors.push(err57);
            }
            errors++;
          }
        }
        if (data24.fs !== undefined) {
          let data29 = data24.fs;
          if (!(data29 === 'none' || data29 === 'read' || data29 === 'write')) {
            const err58 = {
              instancePath: instancePath + '/permissions/fs',
              schemaPath: '#/properties/permissions/properties/fs/enum',
              keyword: 'enum',
              params: { allowedValues: schema11.properties.permissions.properties.fs.enum },
              message: 'must be equal to one of the allowed values',
              schema: schema11.properties.permissions.properties.fs.enum,
              parentSchema: schema11.properties.permissions.properties.fs,
              data: data29,
            };
            if (vErrors === null) {
              vErrors = [err58];
            } else {
              vErrors.push(err58);
            }
            errors++;
          }
        }
        if (data24.childProcess !== undefined) {
          let data30 = data24.childProcess;
          if (typeof data30 !== 'boolean') {
            const err59 = {
              instancePath: instancePath + '/permissions/childProcess',
              schemaPath: '#/properties/permissions/properties/childProcess/type',
              keyword: 'type',
              params: { type: 'boolean' },
              message: 'must be boolean',
              schema: schema11.properties.permissions.properties.childProcess.type,
              parentSchema: schema11.properties.permissions.properties.childProcess,
              data: data30,
            };
            if (vErrors === null) {
              vErrors = [err59];
            } else {
              vErrors.push(err59);
            }
            errors++;
          }
        }
        if (data24.workerThreads !== undefined) {
          let data31 = data24.workerThreads;
          if (typeof data31 !== 'boolean') {
            const err60 = {
              instancePath: instancePath + '/permissions/workerThreads',
              schemaPath: '#/properties/permissions/properties/workerThreads/type',
              keyword: 'type',
              params: { type: 'boolean' },
              message: 'must be boolean',
              schema: schema11.properties.permissions.properties.workerThreads.type,
              parentSchema: schema11.properties.permissions.properties.workerThreads,
              data: data31,
            };
            if (vErrors === null) {
              vErrors = [err60];
            } else {
              vErrors.push(err60);
            }
            errors++;
          }
        }
        if (data24.addons !== undefined) {
          let data32 = data24.addons;
          if (typeof data32 !== 'boolean') {
            const err61 = {
              instancePath: instancePath + '/permissions/addons',
              schemaPath: '#/properties/permissions/properties/addons/type',
              keyword: 'type',
              params: { type: 'boolean' },
              message: 'must be boolean',
              schema: schema11.properties.permissions.properties.addons.type,
              parentSchema: schema11.properties.permissions.properties.addons,
              data: data32,
            };
            if (vErrors === null) {
              vErrors = [err61];
            } else {
              vErrors.push(err61);
            }
            errors++;
          }
        }
      } else {
        const err62 = {
          instancePath: instancePath + '/permissions',
          schemaPath: '#/properties/permissions/type',
          keyword: 'type',
          params: { type: 'object' },
          message: 'must be object',
          schema: schema11.properties.permissions.type,
          parentSchema: schema11.properties.permissions,
          data: data24,
        };
        if (vErrors === null) {
          vErrors = [err62];
        } else {
          vErrors.push(err62);
        }
        errors++;
      }
    }
    if (data.tools !== undefined) {
      let data33 = data.tools;
      if (Array.isArray(data33)) {
        const len3 = data33.length;
        for (let i3 = 0; i3 < len3; i3++) {
          let data34 = data33[i3];
          if (data34 && typeof data34 == 'object' && !Array.isArray(data34)) {
            if (data34.name === undefined) {
              const err63 = {
                instancePath: instancePath + '/tools/' + i3,
                schemaPath: '#/properties/tools/items/required',
                keyword: 'required',
                params: { missingProperty: 'name' },
                message: "must have required property '" + 'name' + "'",
                schema: schema11.properties.tools.items.required,
                parentSchema: schema11.properties.tools.items,
                data: data34,
              };
              if (vErrors === null) {
                vErrors = [err63];
              } else {
                vErrors.push(err63);
              }
              errors++;
            }
            if (data34.description === undefined) {
              const err64 = {
                instancePath: instancePath + '/tools/' + i3,
                schemaPath: '#/properties/tools/items/required',
                keyword: 'required',
                params: { missingProperty: 'description' },
                message: "must have required property '" + 'description' + "'",
                schema: schema11.properties.tools.items.required,
                parentSchema: schema11.properties.tools.items,
                data: data34,
              };
              if (vErrors === null) {
                vErrors = [err64];
              } else {
                vErrors.push(err64);
              }
              errors++;
            }
            if (data34.inputSchema === undefined) {
              const err65 = {
                instancePath: instancePath + '/tools/' + i3,
                schemaPath: '#/properties/tools/items/required',
                keyword: 'required',
                params: { missingProperty: 'inputSchema' },
                message: "must have required property '" + 'inputSchema' + "'",
                schema: schema11.properties.tools.items.required,
                parentSchema: schema11.properties.tools.items,
                data: data34,
              };
              if (vErrors === null) {
                vErrors = [err65];
              } else {
                vErrors.push(err65);
              }
              errors++;
            }
            for (const key7 in data34) {
              if (!func2.call(schema11.properties.tools.items.properties, key7)) {
                const err66 = {
                  instancePath: instancePath + '/tools/' + i3,
                  schemaPath: '#/properties/tools/items/additionalProperties',
                  keyword: 'additionalProperties',
                  params: { additionalProperty: key7 },
                  message: 'must NOT have additional properties',
                  schema: false,
                  parentSchema: schema11.properties.tools.items,
                  data: data34,
                };
                if (vErrors === null) {
                  vErrors = [err66];
                } else {
                  vErrors.push(err66);
                }
                errors++;
              }
            }
            if (data34.name !== undefined) {
              let data35 = data34.name;
              if (typeof data35 === 'string') {
                if (func3(data35) > 128) {
                  const err67 = {
                    instancePath: instancePath + '/tools/' + i3 + '/name',
                    schemaPath: '#/properties/tools/items/properties/name/maxLength',
                    keyword: 'maxLength',
                    params: { limit: 128 },
                    message: 'must NOT have more than 128 characters',
                    schema: 128,
                    parentSchema: schema11.properties.tools.items.properties.name,
                    data: data35,
                  };
                  if (vErrors === null) {
                    vErrors = [err67];
                  } else {
                    vErrors.push(err67);
                  }
                  errors++;
                }
                if (!pattern3.test(data35)) {
                  const err68 = {
                    instancePath: instancePath + '/tools/' + i3 + '/name',
                    schemaPath: '#/properties/tools/items/properties/name/pattern',
                    keyword: 'pattern',
                    params: { pattern: '^[a-z0-9]+(-[a-z0-9]+)*\\.[a-z][a-z0-9_]*$' },
                    message:
                      'must match pattern "' + '^[a-z0-9]+(-[a-z0-9]+)*\\.[a-z][a-z0-9_]*$' + '"',
                    schema: '^[a-z0-9]+(-[a-z0-9]+)*\\.[a-z][a-z0-9_]*$',
                    parentSchema: schema11.properties.tools.items.properties.name,
                    data: data35,
                  };
                  if (vErrors === null) {
                    vErrors = [err68];
                  } else {
                    vErrors.push(err68);
                  }
                  errors++;
                }
              } else {
                const err69 = {
                  instancePath: instancePath + '/tools/' + i3 + '/name',
                  schemaPath: '#/properties/tools/items/properties/name/type',
                  keyword: 'type',
                  params: { type: 'string' },
                  message: 'must be string',
                  schema: schema11.properties.tools.items.properties.name.type,
                  parentSchema: schema11.properties.tools.items.properties.name,
                  data: data35,
                };
                if (vErrors === null) {
                  vErrors = [err69];
                } else {
                  vErrors.push(err69);
                }
                errors++;
              }
            }
            if (data34.title !== undefined) {
              let data36 = data34.title;
              if (typeof data36 !== 'string') {
                const err70 = {
                  instancePath: instancePath + '/tools/' + i3 + '/title',
                  schemaPath: '#/properties/tools/items/properties/title/type',
                  keyword: 'type',
                  params: { type: 'string' },
                  message: 'must be string',
                  schema: schema11.properties.tools.items.properties.title.type,
                  parentSchema: schema11.properties.tools.items.properties.title,
                  data: data36,
                };
                if (vErrors === null) {
                  vErrors = [err70];
                } else {
                  vErrors.push(err70);
                }
                errors++;
              }
            }
            if (data34.description !== undefined) {
              let data37 = data34.description;
              if (typeof data37 === 'string') {
                if (func3(data37) > 4096) {
                  const err71 = {
                    instancePath: instancePath + '/tools/' + i3 + '/description',
                    schemaPath: '#/properties/tools/items/properties/description/maxLength',
                    keyword: 'maxLength',
                    params: { limit: 4096 },
                    message: 'must NOT have more than 4096 characters',
                    schema: 4096,
                    parentSchema: schema11.properties.tools.items.properties.description,
                    data: data37,
                  };
                  if (vErrors === null) {
                    vErrors = [err71];
                  } else {
                    vErrors.push(err71);
                  }
                  errors++;
                }
                if (func3(data37) < 1) {
                  const err72 = {
                    instancePath: instancePath + '/tools/' + i3 + '/description',
                    schemaPath: '#/properties/tools/items/properties/description/minLength',
                    keyword: 'minLength',
                    params: { limit: 1 },
                    message: 'must NOT have fewer than 1 characters',
                    schema: 1,
                    parentSchema: schema11.properties.tools.items.properties.description,
                    data: data37,
                  };
                  if (vErrors === null) {
                    vErrors = [err72];
                  } else {
                    vErrors.push(err72);
                  }
                  errors++;
                }
              } else {
                const err73 = {
                  instancePath: instancePath + '/tools/' + i3 + '/description',
                  schemaPath: '#/properties/tools/items/properties/description/type',
                  keyword: 'type',
                  params: { type: 'string' },
                  message: 'must be string',
                  schema: schema11.properties.tools.items.properties.description.type,
                  parentSchema: schema11.properties.tools.items.properties.description,
                  data: data37,
                };
                if (vErrors === null) {
                  vErrors = [err73];
                } else {
                  vErrors.push(err73);
                }
                errors++;
              }
            }
            if (data34.inputSchema !== undefined) {
              let data38 = data34.inputSchema;
              if (data38 && typeof data38 == 'object' && !Array.isArray(data38)) {
                if (data38.type === undefined) {
                  const err74 = {
                    instancePath: instancePath + '/tools/' + i3 + '/inputSchema',
                    schemaPath: '#/properties/tools/items/properties/inputSchema/required',
                    keyword: 'required',
                    params: { missingProperty: 'type' },
                    message: "must have required property '" + 'type' + "'",
                    schema: schema11.properties.tools.items.properties.inputSchema.required,
                    parentSchema: schema11.properties.tools.items.properties.inputSchema,
                    data: data38,
                  };
                  if (vErrors === null) {
                    vErrors = [err74];
                  } else {
                    vErrors.push(err74);
                  }
                  errors++;
                }
                if (data38.type !== undefined) {
                  let data39 = data38.type;
                  if ('object' !== data39) {
                    const err75 = {
                      instancePath: instancePath + '/tools/' + i3 + '/inputSchema/type',
                      schemaPath:
                        '#/properties/tools/items/properties/inputSchema/properties/type/const',
                      keyword: 'const',
                      params: { allowedValue: 'object' },
                      message: 'must be equal to constant',
                      schema: 'object',
                      parentSchema:
                        schema11.properties.tools.items.properties.inputSchema.properties.type,
                      data: data39,
                    };
                    if (vErrors === null) {
                      vErrors = [err75];
                    } else {
                      vErrors.push(err75);
                    }
                    errors++;
                  }
                }
              } else {
                const err76 = {
                  instancePath: instancePath + '/tools/' + i3 + '/inputSchema',
                  schemaPath: '#/properties/tools/items/properties/inputSchema/type',
                  keyword: 'type',
                  params: { type: 'object' },
                  message: 'must be object',
                  schema: schema11.properties.tools.items.properties.inputSchema.type,
                  parentSchema: schema11.properties.tools.items.properties.inputSchema,
                  data: data38,
                };
                if (vErrors === null) {
                  vErrors = [err76];
                } else {
                  vErrors.push(err76);
                }
                errors++;
              }
            }
            if (data34.outputSchema !== undefined) {
              let data40 = data34.outputSchema;
              if (data40 && typeof data40 == 'object' && !Array.isArray(data40)) {
                if (data40.type === undefined) {
                  const err77 = {
                    instancePath: instancePath + '/tools/' + i3 + '/outputSchema',
                    schemaPath: '#/properties/tools/items/properties/outputSchema/required',
                    keyword: 'required',
                    params: { missingProperty: 'type' },
                    message: "must have required property '" + 'type' + "'",
                    schema: schema11.properties.tools.items.properties.outputSchema.required,
                    parentSchema: schema11.properties.tools.items.properties.outputSchema,
                    data: data40,
                  };
                  if (vErrors === null) {
                    vErrors = [err77];
                  } else {
                    vErrors.push(err77);
                  }
                  errors++;
                }
                if (data40.type !== undefined) {
                  let data41 = data40.type;
                  if ('object' !== data41) {
                    const err78 = {
                      instancePath: instancePath + '/tools/' + i3 + '/outputSchema/type',
                      schemaPath:
                        '#/properties/tools/items/properties/outputSchema/properties/type/const',
                      keyword: 'const',
                      params: { allowedValue: 'object' },
                      message: 'must be equal to constant',
                      schema: 'object',
                      parentSchema:
                        schema11.properties.tools.items.properties.outputSchema.properties.type,
                      data: data41,
                    };
                    if (vErrors === null) {
                      vErrors = [err78];
                    } else {
                      vErrors.push(err78);
                    }
                    errors++;
                  }
                }
              } else {
                const err79 = {
                  instancePath: instancePath + '/tools/' + i3 + '/outputSchema',
                  schemaPath: '#/properties/tools/items/properties/outputSchema/type',
                  keyword: 'type',
                  params: { type: 'object' },
                  message: 'must be object',
                  schema: schema11.properties.tools.items.properties.outputSchema.type,
                  parentSchema: schema11.properties.tools.items.properties.outputSchema,
                  data: data40,
                };
                if (vErrors === null) {
                  vErrors = [err79];
                } else {
                  vErrors.push(err79);
                }
                errors++;
              }
            }
            if (data34.annotations !== undefined) {
              let data42 = data34.annotations;
              if (data42 && typeof data42 == 'object' && !Array.isArray(data42)) {
                for (const key8 in data42) {
                  if (!(
                    key8 === 'title' ||
                    key8 === 'readOnlyHint' ||
                    key8 === 'destructiveHint' ||
                    key8 === 'idempotentHint' ||
                    key8 === 'openWorldHint'
                  )) {
                    const err80 = {
                      instancePath: instancePath + '/tools/' + i3 + '/annotations',
                      schemaPath:
                        '#/properties/tools/items/properties/annotations/additionalProperties',
                      keyword: 'additionalProperties',
                      params: { additionalProperty: key8 },
                      message: 'must NOT have additional properties',
                      schema: false,
                      parentSchema: schema11.properties.tools.items.properties.annotations,
                      data: data42,
                    };
                    if (vErrors === null) {
                      vErrors = [err80];
                    } else {
                      vErrors.push(err80);
                    }
                    errors++;
                  }
                }
                if (data42.title !== undefined) {
                  let data43 = data42.title;
                  if (typeof data43 !== 'string') {
                    const err81 = {
                      instancePath: instancePath + '/tools/' + i3 + '/annotations/title',
                      schemaPath:
                        '#/properties/tools/items/properties/annotations/properties/title/type',
                      keyword: 'type',
                      params: { type: 'string' },
                      message: 'must be string',
                      schema:
                        schema11.properties.tools.items.properties.annotations.properties.title
                          .type,
                      parentSchema:
                        schema11.properties.tools.items.properties.annotations.properties.title,
                      data: data43,
                    };
                    if (vErrors === null) {
                      vErrors = [err81];
                    } else {
                      vErrors.push(err81);
                    }
                    errors++;
                  }
                }
                if (data42.readOnlyHint !== undefined) {
                  let data44 = data42.readOnlyHint;
                  if (typeof data44 !== 'boolean') {
                    const err82 = {
                      instancePath: instancePath + '/tools/' + i3 + '/annotations/readOnlyHint',
                      schemaPath:
                        '#/properties/tools/items/properties/annotations/properties/readOnlyHint/type',
                      keyword: 'type',
                      params: { type: 'boolean' },
                      message: 'must be boolean',
                      schema:
                        schema11.properties.tools.items.properties.annotations.properties
                          .readOnlyHint.type,
                      parentSchema:
                        schema11.properties.tools.items.properties.annotations.properties
                          .readOnlyHint,
                      data: data44,
                    };
                    if (vErrors === null) {
                      vErrors = [err82];
                    } else {
                      vErrors.push(err82);
                    }
                    errors++;
                  }
                }
                if (data42.destructiveHint !== undefined) {
                  let data45 = data42.destructiveHint;
                  if (typeof data45 !== 'boolean') {
                    const err83 = {
                      instancePath: instancePath + '/tools/' + i3 + '/annotations/destructiveHint',
                      schemaPath:
                        '#/properties/tools/items/properties/annotations/properties/destructiveHint/type',
                      keyword: 'type',
                      params: { type: 'boolean' },
                      message: 'must be boolean',
                      schema:
                        schema11.properties.tools.items.properties.annotations.properties
                          .destructiveHint.type,
                      parentSchema:
                        schema11.properties.tools.items.properties.annotations.properties
                          .destructiveHint,
                      data: data45,
                    };
                    if (vErrors === null) {
                      vErrors = [err83];
                    } else {
                      vErrors.push(err83);
                    }
                    errors++;
                  }
                }
                if (data42.idempotentHint !== undefined) {
                  let data46 = data42.idempotentHint;
                  if (typeof data46 !== 'boolean') {
                    const err84 = {
                      instancePath: instancePath + '/tools/' + i3 + '/annotations/idempotentHint',
                      schemaPath:
                        '#/properties/tools/items/properties/annotations/properties/idempotentHint/type',
                      keyword: 'type',
                      params: { type: 'boolean' },
                      message: 'must be boolean',
                      schema:
                        schema11.properties.tools.items.properties.annotations.properties
                          .idempotentHint.type,
                      parentSchema:
                        schema11.properties.tools.items.properties.annotations.properties
                          .idempotentHint,
                      data: data46,
                    };
                    if (vErrors === null) {
                      vErrors = [err84];
                    } else {
                      vErrors.push(err84);
                    }
                    errors++;
                  }
                }
                if (data42.openWorldHint !== undefined) {
                  let data47 = data42.openWorldHint;
                  if (typeof data47 !== 'boolean') {
                    const err85 = {
                      instancePath: instancePath + '/tools/' + i3 + '/annotations/openWorldHint',
                      schemaPath:
                        '#/properties/tools/items/properties/annotations/properties/openWorldHint/type',
                      keyword: 'type',
                      params: { type: 'boolean' },
                      message: 'must be boolean',
                      schema:
                        schema11.properties.tools.items.properties.annotations.properties
                          .openWorldHint.type,
                      parentSchema:
                        schema11.properties.tools.items.properties.annotations.properties
                          .openWorldHint,
                      data: data47,
                    };
                    if (vErrors === null) {
                      vErrors = [err85];
                    } else {
                      vErrors.push(err85);
                    }
                    errors++;
                  }
                }
              } else {
                const err86 = {
                  instancePath: instancePath + '/tools/' + i3 + '/annotations',
                  schemaPath: '#/properties/tools/items/properties/annotations/type',
                  keyword: 'type',
                  params: { type: 'object' },
                  message: 'must be object',
                  schema: schema11.properties.tools.items.properties.annotations.type,
                  parentSchema: schema11.properties.tools.items.properties.annotations,
                  data: data42,
                };
                if (vErrors === null) {
                  vErrors = [err86];
                } else {
                  vErrors.push(err86);
                }
                errors++;
              }
            }
            if (data34.auth !== undefined) {
              let data48 = data34.auth;
              if (data48 && typeof data48 == 'object' && !Array.isArray(data48)) {
                if (data48.provider === undefined) {
                  const err87 = {
                    instancePath: instancePath + '/tools/' + i3 + '/auth',
                    schemaPath: '#/properties/tools/items/properties/auth/required',
                    keyword: 'required',
                    params: { missingProperty: 'provider' },
                    message: "must have required property '" + 'provider' + "'",
                    schema: schema11.properties.tools.items.properties.auth.required,
                    parentSchema: schema11.properties.tools.items.properties.auth,
                    data: data48,
                  };
                  if (vErrors === null) {
                    vErrors = [err87];
                  } else {
                    vErrors.push(err87);
                  }
                  errors++;
                }
                for (const key9 in data48) {
                  if (!(key9 === 'provider' || key9 === 'scopes')) {
                    const err88 = {
                      instancePath: instancePath + '/tools/' + i3 + '/auth',
                      schemaPath: '#/properties/tools/items/properties/auth/additionalProperties',
                      keyword: 'additionalProperties',
                      params: { additionalProperty: key9 },
                      message: 'must NOT have additional properties',
                      schema: false,
                      parentSchema: schema11.properties.tools.items.properties.auth,
                      data: data48,
                    };
                    if (vErrors === null) {
                      vErrors = [err88];
                    } else {
                      vErrors.push(err88);
                    }
                    errors++;
                  }
                }
                if (data48.provider !== undefined) {
                  let data49 = data48.provider;
                  if (typeof data49 === 'string') {
                    if (func3(data49) < 1) {
                      const err89 = {
                        instancePath: instancePath + '/tools/' + i3 + '/auth/provider',
                        schemaPath:
                          '#/properties/tools/items/properties/auth/properties/provider/minLength',
                        keyword: 'minLength',
                        params: { limit: 1 },
                        message: 'must NOT have fewer than 1 characters',
                        schema: 1,
                        parentSchema:
                          schema11.properties.tools.items.properties.auth.properties.provider,
                        data: data49,
                      };
                      if (vErrors === null) {
                        vErrors = [err89];
                      } else {
                        vErrors.push(err89);
                      }
                      errors++;
                    }
                  } else {
                    const err90 = {
                      instancePath: instancePath + '/tools/' + i3 + '/auth/provider',
                      schemaPath:
                        '#/properties/tools/items/properties/auth/properties/provider/type',
                      keyword: 'type',
                      params: { type: 'string' },
                      message: 'must be string',
                      schema:
                        schema11.properties.tools.items.properties.auth.properties.provider.type,
                      parentSchema:
                        schema11.properties.tools.items.properties.auth.properties.provider,
                      data: data49,
                    };
                    if (vErrors === null) {
                      vErrors = [err90];
                    } else {
                      vErrors.push(err90);
                    }
                    errors++;
                  }
                }
                if (data48.scopes !== undefined) {
                  let data50 = data48.scopes;
                  if (Array.isArray(data50)) {
                    const len4 = data50.length;
                    for (let i4 = 0; i4 < len4; i4++) {
                      let data51 = data50[i4];
                      if (typeof data51 === 'string') {
                        if (func3(data51) < 1) {
                          const err91 = {
                            instancePath: instancePath + '/tools/' + i3 + '/auth/scopes/' + i4,
                            schemaPath:
                              '#/properties/tools/items/properties/auth/properties/scopes/items/minLength',
                            keyword: 'minLength',
                            params: { limit: 1 },
                            message: 'must NOT have fewer than 1 characters',
                            schema: 1,
                            parentSchema:
                              schema11.properties.tools.items.properties.auth.properties.scopes
                                .items,
                            data: data51,
                          };
                          if (vErrors === null) {
                            vErrors = [err91];
                          } else {
                            vErrors.push(err91);
                          }
                          errors++;
                        }
                      } else {
                        const err92 = {
                          instancePath: instancePath + '/tools/' + i3 + '/auth/scopes/' + i4,
                          schemaPath:
                            '#/properties/tools/items/properties/auth/properties/scopes/items/type',
                          keyword: 'type',
                          params: { type: 'string' },
                          message: 'must be string',
                          schema:
                            schema11.properties.tools.items.properties.auth.properties.scopes.items
                              .type,
                          parentSchema:
                            schema11.properties.tools.items.properties.auth.properties.scopes.items,
                          data: data51,
                        };
                        if (vErrors === null) {
                          vErrors = [err92];
                        } else {
                          vErrors.push(err92);
                        }
                        errors++;
                      }
                    }
                  } else {
                    const err93 = {
                      instancePath: instancePath + '/tools/' + i3 + '/auth/scopes',
                      schemaPath: '#/properties/tools/items/properties/auth/properties/scopes/type',
                      keyword: 'type',
                      params: { type: 'array' },
                      message: 'must be array',
                      schema:
                        schema11.properties.tools.items.properties.auth.properties.scopes.type,
                      parentSchema:
                        schema11.properties.tools.items.properties.auth.properties.scopes,
                      data: data50,
                    };
                    if (vErrors === null) {
                      vErrors = [err93];
                    } else {
                      vErrors.push(err93);
                    }
                    errors++;
                  }
                }
              } else {
                const err94 = {
                  instancePath: instancePath + '/tools/' + i3 + '/auth',
                  schemaPath: '#/properties/tools/items/properties/auth/type',
                  keyword: 'type',
                  params: { type: 'object' },
                  message: 'must be object',
                  schema: schema11.properties.tools.items.properties.auth.type,
                  parentSchema: schema11.properties.tools.items.properties.auth,
                  data: data48,
                };
                if (vErrors === null) {
                  vErrors = [err94];
                } else {
                  vErrors.push(err94);
                }
                errors++;
              }
            }
            if (data34.approval !== undefined) {
              let data52 = data34.approval;
              if (!(data52 === 'auto' || data52 === 'required')) {
                const err95 = {
                  instancePath: instancePath + '/tools/' + i3 + '/approval',
                  schemaPath: '#/properties/tools/items/properties/approval/enum',
                  keyword: 'enum',
                  params: {
                    allowedValues: schema11.properties.tools.items.properties.approval.enum,
                  },
                  message: 'must be equal to one of the allowed values',
                  schema: schema11.properties.tools.items.properties.approval.enum,
                  parentSchema: schema11.properties.tools.items.properties.approval,
                  data: data52,
                };
                if (vErrors === null) {
                  vErrors = [err95];
                } else {
                  vErrors.push(err95);
                }
                errors++;
              }
            }
            if (data34.timeoutMs !== undefined) {
              let data53 = data34.timeoutMs;
              if (!(
                typeof data53 == 'number' &&
                !(data53 % 1) &&
                !isNaN(data53) &&
                isFinite(data53)
              )) {
                const err96 = {
                  instancePath: instancePath + '/tools/' + i3 + '/timeoutMs',
                  schemaPath: '#/properties/tools/items/properties/timeoutMs/type',
                  keyword: 'type',
                  params: { type: 'integer' },
                  message: 'must be integer',
                  schema: schema11.properties.tools.items.properties.timeoutMs.type,
                  parentSchema: schema11.properties.tools.items.properties.timeoutMs,
                  data: data53,
                };
                if (vErrors === null) {
                  vErrors = [err96];
                } else {
                  vErrors.push(err96);
                }
                errors++;
              }
              if (typeof data53 == 'number' && isFinite(data53)) {
                if (data53 > 3600000 || isNaN(data53)) {
                  const err97 = {
                    instancePath: instancePath + '/tools/' + i3 + '/timeoutMs',
                    schemaPath: '#/properties/tools/items/properties/timeoutMs/maximum',
                    keyword: 'maximum',
                    params: { comparison: '<=', limit: 3600000 },
                    message: 'must be <= 3600000',
                    schema: 3600000,
                    parentSchema: schema11.properties.tools.items.properties.timeoutMs,
                    data: data53,
                  };
                  if (vErrors === null) {
                    vErrors = [err97];
                  } else {
                    vErrors.push(err97);
                  }
                  errors++;
                }
                if (data53 < 1 || isNaN(data53)) {
                  const err98 = {
                    instancePath: instancePath + '/tools/' + i3 + '/timeoutMs',
                    schemaPath: '#/properties/tools/items/properties/timeoutMs/minimum',
                    keyword: 'minimum',
                    params: { comparison: '>=', limit: 1 },
                    message: 'must be >= 1',
                    schema: 1,
                    parentSchema: schema11.properties.tools.items.properties.timeoutMs,
                    data: data53,
                  };
                  if (vErrors === null) {
                    vErrors = [err98];
                  } else {
                    vErrors.push(err98);
                  }
                  errors++;
                }
              }
            }
            if (data34.maxResultChars !== undefined) {
              let data54 = data34.maxResultChars;
              if (!(
                typeof data54 == 'number' &&
                !(data54 % 1) &&
                !isNaN(data54) &&
                isFinite(data54)
              )) {
                const err99 = {
                  instancePath: instancePath + '/tools/' + i3 + '/maxResultChars',
                  schemaPath: '#/properties/tools/items/properties/maxResultChars/type',
                  keyword: 'type',
                  params: { type: 'integer' },
                  message: 'must be integer',
                  schema: schema11.properties.tools.items.properties.maxResultChars.type,
                  parentSchema: schema11.properties.tools.items.properties.maxResultChars,
                  data: data54,
                };
                if (vErrors === null) {
                  vErrors = [err99];
                } else {
                  vErrors.push(err99);
                }
                errors++;
              }
              if (typeof data54 == 'number' && isFinite(data54)) {
                if (data54 < 100 || isNaN(data54)) {
                  const err100 = {
                    instancePath: instancePath + '/tools/' + i3 + '/maxResultChars',
                    schemaPath: '#/properties/tools/items/properties/maxResultChars/minimum',
                    keyword: 'minimum',
                    params: { comparison: '>=', limit: 100 },
                    message: 'must be >= 100',
                    schema: 100,
                    parentSchema: schema11.properties.tools.items.properties.maxResultChars,
                    data: data54,
                  };
                  if (vErrors === null) {
                    vErrors = [err100];
                  } else {
                    vErrors.push(err100);
                  }
                  errors++;
                }
              }
            }
            if (data34.ownerOnly !== undefined) {
              let data55 = data34.ownerOnly;
              if (typeof data55 !== 'boolean') {
                const err101 = {
                  instancePath: instancePath + '/tools/' + i3 + '/ownerOnly',
                  schemaPath: '#/properties/tools/items/properties/ownerOnly/type',
                  keyword: 'type',
                  params: { type: 'boolean' },
                  message: 'must be boolean',
                  schema: schema11.properties.tools.items.properties.ownerOnly.type,
                  parentSchema: schema11.properties.tools.items.properties.ownerOnly,
                  data: data55,
                };
                if (vErrors === null) {
                  vErrors = [err101];
                } else {
                  vErrors.push(err101);
                }
                errors++;
              }
            }
            if (data34.group !== undefined) {
              let data56 = data34.group;
              if (typeof data56 === 'string') {
                if (!pattern4.test(data56)) {
                  const err102 = {
                    instancePath: instancePath + '/tools/' + i3 + '/group',
                    schemaPath: '#/properties/tools/items/properties/group/pattern',
                    keyword: 'pattern',
                    params: { pattern: '^[a-z0-9][a-z0-9_-]*$' },
                    message: 'must match pattern "' + '^[a-z0-9][a-z0-9_-]*$' + '"',
                    schema: '^[a-z0-9][a-z0-9_-]*$',
                    parentSchema: schema11.properties.tools.items.properties.group,
                    data: data56,
                  };
                  if (vErrors === null) {
                    vErrors = [err102];
                  } else {
                    vErrors.push(err102);
                  }
                  errors++;
                }
              } else {
                const err103 = {
                  instancePath: instancePath + '/tools/' + i3 + '/group',
                  schemaPath: '#/properties/tools/items/properties/group/type',
                  keyword: 'type',
                  params: { type: 'string' },
                  message: 'must be string',
                  schema: schema11.properties.tools.items.properties.group.type,
                  parentSchema: schema11.properties.tools.items.properties.group,
                  data: data56,
                };
                if (vErrors === null) {
                  vErrors = [err103];
                } else {
                  vErrors.push(err103);
                }
                errors++;
              }
            }
          } else {
            const err104 = {
              instancePath: instancePath + '/tools/' + i3,
              schemaPath: '#/properties/tools/items/type',
              keyword: 'type',
              params: { type: 'object' },
              message: 'must be object',
              schema: schema11.properties.tools.items.type,
              parentSchema: schema11.properties.tools.items,
              data: data34,
            };
            if (vErrors === null) {
              vErrors = [err104];
            } else {
              vErrors.push(err104);
            }
            errors++;
          }
        }
      } else {
        const err105 = {
          instancePath: instancePath + '/tools',
          schemaPath: '#/properties/tools/type',
          keyword: 'type',
          params: { type: 'array' },
          message: 'must be array',
          schema: schema11.properties.tools.type,
          parentSchema: schema11.properties.tools,
          data: data33,
        };
        if (vErrors === null) {
          vErrors = [err105];
        } else {
          vErrors.push(err105);
        }
        errors++;
      }
    }
  } else {
    const err106 = {
      instancePath,
      schemaPath: '#/type',
      keyword: 'type',
      params: { type: 'object' },
      message: 'must be object',
      schema: schema11.type,
      parentSchema: schema11,
      data,
    };
    if (vErrors === null) {
      vErrors = [err106];
    } else {
      vErrors.push(err106);
    }
    errors++;
  }
  validate10.errors = vErrors;
  return errors === 0;
}
