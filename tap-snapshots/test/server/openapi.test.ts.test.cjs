/* IMPORTANT
 * This snapshot file is auto-generated, but designed for humans.
 * It should be checked into source control and tracked carefully.
 * Re-generate by setting TAP_SNAPSHOT=1 and running tests.
 * Make sure to inspect the output below.  Do not ignore changes!
 */
'use strict'
exports[`test/server/openapi.test.ts > TAP > the contract is frozen: any change must be a deliberate snapshot update (npm run snap) > openapi.json 1`] = `
{
  "openapi": "3.1.0",
  "info": {
    "title": "Shop Management Public API",
    "version": "1.0.0-rc.6",
    "contact": {
      "name": "The shop that runs this appliance (the API key came from it)"
    },
    "license": {
      "name": "Proprietary: available to integrations the shop issues an API key to",
      "identifier": "LicenseRef-shopapi-proprietary"
    },
    "description": "Versioned REST API over an auto-repair shop's data. Every operation needs \`Authorization: Bearer <API_KEY>\` with the scopes in its \`x-required-scopes\`; write never implies read. Errors share one envelope (\`Error\`). Every date a request gives lies from 1900-01-01 to 9999-12-31, and every instant from 1900-01-01T00:00:00Z to 9999-12-31T23:59:59Z once converted to UTC (400 naming the field otherwise); every amount and total is at most 9999999999.99 in absolute value."
  },
  "servers": [
    {
      "url": "/v1",
      "description": "This appliance"
    }
  ],
  "tags": [
    {
      "name": "Shop",
      "description": "The shop the key belongs to: time zone, currency and capabilities. The first call an integration makes."
    },
    {
      "name": "Customers",
      "description": "Customers with their address, consent and tags; archived and merged customers stay readable."
    },
    {
      "name": "Vehicles",
      "description": "Customers' vehicles, found by VIN, plate or unit number; archived and merged vehicles stay readable."
    },
    {
      "name": "Appointments",
      "description": "Bookings on the shop's calendar, their availability per day, and their moves: cancel, check in, convert to a repair order."
    },
    {
      "name": "Repair orders",
      "description": "Work orders opened for a customer and vehicle, with their jobs and workflow state."
    },
    {
      "name": "Jobs",
      "description": "A repair order's line items, their decision and execution state, and their labor and parts."
    },
    {
      "name": "Inventory items",
      "description": "Parts, tires, batteries and fluids the shop stocks, with quantities and (with scopes) prices and costs."
    },
    {
      "name": "Canned jobs",
      "description": "The shop's ready-made jobs with their parts, to add to repair orders."
    },
    {
      "name": "Technicians",
      "description": "The shop's technicians and their daily capacity (read only)."
    },
    {
      "name": "Tasks",
      "description": "To-dos for the shop staff, optionally linked to a customer, vehicle or repair order."
    },
    {
      "name": "Invoices",
      "description": "Posted invoices and credit notes: immutable documents whose lines sum to the header to the cent."
    },
    {
      "name": "Payments",
      "description": "The signed ledger of payments, refunds and reversals (read only)."
    },
    {
      "name": "Events",
      "description": "The retained log of every change (30 days), the same envelopes webhooks deliver."
    },
    {
      "name": "Webhook endpoints",
      "description": "This integration's webhook endpoints: signed deliveries of the events it subscribes to."
    },
    {
      "name": "Meta",
      "description": "About the API itself: this document and the calling key (\`GET /me\`)."
    }
  ],
  "paths": {
    "/shop": {
      "get": {
        "operationId": "getShop",
        "summary": "Get the shop",
        "description": "The first call an integration should make: the shop's time zone, currency and capabilities, so the integration can adapt.",
        "tags": [
          "Shop"
        ],
        "security": [
          {
            "bearerAuth": []
          }
        ],
        "x-required-scopes": [
          "shop.read"
        ],
        "x-conditional-scopes": [],
        "responses": {
          "200": {
            "description": "The shop",
            "headers": {
              "X-Request-Id": {
                "$ref": "#/components/headers/X-Request-Id"
              },
              "Cache-Control": {
                "$ref": "#/components/headers/Cache-Control"
              },
              "RateLimit-Limit": {
                "$ref": "#/components/headers/RateLimit-Limit"
              },
              "RateLimit-Remaining": {
                "$ref": "#/components/headers/RateLimit-Remaining"
              },
              "RateLimit-Reset": {
                "$ref": "#/components/headers/RateLimit-Reset"
              }
            },
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Shop"
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/Error400"
          },
          "401": {
            "$ref": "#/components/responses/Error401"
          },
          "403": {
            "$ref": "#/components/responses/Error403"
          },
          "404": {
            "$ref": "#/components/responses/Error404"
          },
          "409": {
            "$ref": "#/components/responses/Error409"
          },
          "422": {
            "$ref": "#/components/responses/Error422"
          },
          "429": {
            "$ref": "#/components/responses/Error429"
          },
          "500": {
            "$ref": "#/components/responses/Error500"
          },
          "502": {
            "$ref": "#/components/responses/Error502"
          },
          "503": {
            "$ref": "#/components/responses/Error503"
          },
          "504": {
            "$ref": "#/components/responses/Error504"
          }
        }
      }
    },
    "/customers": {
      "get": {
        "operationId": "listCustomers",
        "summary": "List customers",
        "description": "Newest first by \`sort\` (default \`created_at\`). Filters combine with AND. Archived and merged customers appear with \`lifecycle=archived\` or \`all\`, and in a sync crawl: with \`updated_after\` and no \`lifecycle\`, every record changed since is listed, archives and merges included.",
        "tags": [
          "Customers"
        ],
        "security": [
          {
            "bearerAuth": []
          }
        ],
        "x-required-scopes": [
          "customers.read"
        ],
        "x-conditional-scopes": [],
        "parameters": [
          {
            "in": "query",
            "name": "limit",
            "schema": {
              "description": "Page size, 1-200, in plain decimal digits",
              "example": 50,
              "type": "integer",
              "minimum": 1,
              "maximum": 200,
              "default": 50
            },
            "description": "Page size, 1-200, in plain decimal digits"
          },
          {
            "in": "query",
            "name": "cursor",
            "schema": {
              "description": "The \`next_cursor\` of the previous page; the other parameters must not change",
              "maxLength": 1000,
              "type": "string"
            },
            "description": "The \`next_cursor\` of the previous page; the other parameters must not change"
          },
          {
            "in": "query",
            "name": "q",
            "schema": {
              "description": "Substring of name, company, email or phone (2-100 characters)",
              "type": "string",
              "minLength": 2,
              "maxLength": 100
            },
            "description": "Substring of name, company, email or phone (2-100 characters)"
          },
          {
            "in": "query",
            "name": "email",
            "schema": {
              "description": "Exact email, case-insensitive",
              "type": "string",
              "maxLength": 255
            },
            "description": "Exact email, case-insensitive"
          },
          {
            "in": "query",
            "name": "phone",
            "schema": {
              "description": "Phone or alternate phone, compared after normalization",
              "type": "string",
              "maxLength": 25
            },
            "description": "Phone or alternate phone, compared after normalization"
          },
          {
            "in": "query",
            "name": "external_id",
            "schema": {
              "description": "This integration's external id",
              "type": "string",
              "minLength": 1,
              "maxLength": 255
            },
            "description": "This integration's external id"
          },
          {
            "in": "query",
            "name": "updated_after",
            "schema": {
              "description": "Only records updated strictly after this instant (RFC 3339, e.g. 2026-01-31T09:04:05-06:00)",
              "format": "date-time",
              "pattern": "^(\\\\d{4})-(\\\\d{2})-(\\\\d{2})[Tt](\\\\d{2}):(\\\\d{2}):(\\\\d{2})(\\\\.\\\\d{1,9})?(?:[Zz]|[+-](\\\\d{2}):(\\\\d{2}))$",
              "example": "2026-01-31T09:04:05-06:00",
              "type": "string",
              "maxLength": 40
            },
            "description": "Only records updated strictly after this instant (RFC 3339, e.g. 2026-01-31T09:04:05-06:00)"
          },
          {
            "in": "query",
            "name": "lifecycle",
            "schema": {
              "description": "Which records: not archived (\`active\`), archived (merged ones included), or \`all\`. Default: \`active\`, but \`all\` when \`updated_after\` is given, so that a sync crawl sees archives and merges as updates (spec \\"Sync guidance\\" 3)",
              "type": "string",
              "enum": [
                "active",
                "archived",
                "all"
              ]
            },
            "description": "Which records: not archived (\`active\`), archived (merged ones included), or \`all\`. Default: \`active\`, but \`all\` when \`updated_after\` is given, so that a sync crawl sees archives and merges as updates (spec \\"Sync guidance\\" 3)"
          },
          {
            "in": "query",
            "name": "sort",
            "schema": {
              "default": "created_at",
              "description": "Newest first by this column; ties broken by id",
              "type": "string",
              "enum": [
                "created_at",
                "updated_at"
              ]
            },
            "description": "Newest first by this column; ties broken by id"
          }
        ],
        "responses": {
          "200": {
            "description": "A page of customers",
            "headers": {
              "X-Request-Id": {
                "$ref": "#/components/headers/X-Request-Id"
              },
              "Cache-Control": {
                "$ref": "#/components/headers/Cache-Control"
              },
              "RateLimit-Limit": {
                "$ref": "#/components/headers/RateLimit-Limit"
              },
              "RateLimit-Remaining": {
                "$ref": "#/components/headers/RateLimit-Remaining"
              },
              "RateLimit-Reset": {
                "$ref": "#/components/headers/RateLimit-Reset"
              }
            },
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/CustomerList"
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/Error400"
          },
          "401": {
            "$ref": "#/components/responses/Error401"
          },
          "403": {
            "$ref": "#/components/responses/Error403"
          },
          "404": {
            "$ref": "#/components/responses/Error404"
          },
          "409": {
            "$ref": "#/components/responses/Error409"
          },
          "422": {
            "$ref": "#/components/responses/Error422"
          },
          "429": {
            "$ref": "#/components/responses/Error429"
          },
          "500": {
            "$ref": "#/components/responses/Error500"
          },
          "502": {
            "$ref": "#/components/responses/Error502"
          },
          "503": {
            "$ref": "#/components/responses/Error503"
          },
          "504": {
            "$ref": "#/components/responses/Error504"
          }
        }
      },
      "post": {
        "operationId": "createCustomer",
        "summary": "Create a customer",
        "description": "Names are required; every other field is optional and \`fleet_account\`, \`tax_exempt\` default to false. Phones are normalised for the shop's region; an email must be an address.",
        "tags": [
          "Customers"
        ],
        "security": [
          {
            "bearerAuth": []
          }
        ],
        "x-required-scopes": [
          "customers.read",
          "customers.write"
        ],
        "x-conditional-scopes": [],
        "parameters": [
          {
            "in": "header",
            "name": "Idempotency-Key",
            "schema": {
              "type": "string",
              "minLength": 1,
              "maxLength": 255,
              "pattern": "^[\\\\x21-\\\\x7e]+$",
              "description": "Makes a retry safe: the same key with the same body replays the first result for 7 days (with \`Idempotent-Replayed: true\`), redacted for the scopes the integration has at the replay; the key with a different body is 422 \`idempotency_key_reused\` for 30 days. The result is whatever the operation answered, its own refusals included (a 409 blocker, a 404, its 400s such as \`no_changes\`); a request refused before the operation ran (authentication, scopes, throttling, body validation) or with a 5xx binds nothing. Scoped to the integration. 1-255 visible ASCII characters; a UUID is ideal.",
              "example": "5f0c8e2a-3b1d-4c8e-9a57-2f6f1f3c9b10"
            },
            "required": true,
            "description": "Makes a retry safe: the same key with the same body replays the first result for 7 days (with \`Idempotent-Replayed: true\`), redacted for the scopes the integration has at the replay; the key with a different body is 422 \`idempotency_key_reused\` for 30 days. The result is whatever the operation answered, its own refusals included (a 409 blocker, a 404, its 400s such as \`no_changes\`); a request refused before the operation ran (authentication, scopes, throttling, body validation) or with a 5xx binds nothing. Scoped to the integration. 1-255 visible ASCII characters; a UUID is ideal."
          }
        ],
        "requestBody": {
          "required": true,
          "content": {
            "application/json": {
              "schema": {
                "$ref": "#/components/schemas/CustomerCreate"
              }
            }
          }
        },
        "responses": {
          "201": {
            "description": "The new customer",
            "headers": {
              "Idempotent-Replayed": {
                "$ref": "#/components/headers/Idempotent-Replayed"
              },
              "X-Request-Id": {
                "$ref": "#/components/headers/X-Request-Id"
              },
              "Cache-Control": {
                "$ref": "#/components/headers/Cache-Control"
              },
              "RateLimit-Limit": {
                "$ref": "#/components/headers/RateLimit-Limit"
              },
              "RateLimit-Remaining": {
                "$ref": "#/components/headers/RateLimit-Remaining"
              },
              "RateLimit-Reset": {
                "$ref": "#/components/headers/RateLimit-Reset"
              }
            },
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Customer"
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/Error400"
          },
          "401": {
            "$ref": "#/components/responses/Error401"
          },
          "403": {
            "$ref": "#/components/responses/Error403"
          },
          "404": {
            "$ref": "#/components/responses/Error404"
          },
          "409": {
            "$ref": "#/components/responses/Error409"
          },
          "413": {
            "$ref": "#/components/responses/Error413"
          },
          "422": {
            "$ref": "#/components/responses/Error422"
          },
          "429": {
            "$ref": "#/components/responses/Error429"
          },
          "500": {
            "$ref": "#/components/responses/Error500"
          },
          "502": {
            "$ref": "#/components/responses/Error502"
          },
          "503": {
            "$ref": "#/components/responses/Error503"
          },
          "504": {
            "$ref": "#/components/responses/Error504"
          }
        }
      }
    },
    "/customers/{public_id}": {
      "get": {
        "operationId": "getCustomer",
        "summary": "Get a customer",
        "description": "Archived and merged customers are still returned (\`archived: true\`, \`merged_into\`).",
        "tags": [
          "Customers"
        ],
        "security": [
          {
            "bearerAuth": []
          }
        ],
        "x-required-scopes": [
          "customers.read"
        ],
        "x-conditional-scopes": [],
        "parameters": [
          {
            "in": "path",
            "name": "public_id",
            "schema": {
              "type": "string",
              "description": "A cus_ id",
              "pattern": "^cus_[0-9A-Za-z]{1,64}$",
              "maxLength": 68,
              "example": "cus_4bW2yXk0fT9QmZr7LcVd1p"
            },
            "required": true,
            "description": "A cus_ id"
          }
        ],
        "responses": {
          "200": {
            "description": "The customer",
            "headers": {
              "X-Request-Id": {
                "$ref": "#/components/headers/X-Request-Id"
              },
              "Cache-Control": {
                "$ref": "#/components/headers/Cache-Control"
              },
              "RateLimit-Limit": {
                "$ref": "#/components/headers/RateLimit-Limit"
              },
              "RateLimit-Remaining": {
                "$ref": "#/components/headers/RateLimit-Remaining"
              },
              "RateLimit-Reset": {
                "$ref": "#/components/headers/RateLimit-Reset"
              }
            },
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Customer"
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/Error400"
          },
          "401": {
            "$ref": "#/components/responses/Error401"
          },
          "403": {
            "$ref": "#/components/responses/Error403"
          },
          "404": {
            "$ref": "#/components/responses/Error404"
          },
          "409": {
            "$ref": "#/components/responses/Error409"
          },
          "422": {
            "$ref": "#/components/responses/Error422"
          },
          "429": {
            "$ref": "#/components/responses/Error429"
          },
          "500": {
            "$ref": "#/components/responses/Error500"
          },
          "502": {
            "$ref": "#/components/responses/Error502"
          },
          "503": {
            "$ref": "#/components/responses/Error503"
          },
          "504": {
            "$ref": "#/components/responses/Error504"
          }
        }
      },
      "patch": {
        "operationId": "updateCustomer",
        "summary": "Update a customer",
        "description": "Presence-aware: omitted fields are unchanged, null clears a nullable field. A body that changes nothing is 400 \`no_changes\`; a stale \`expected_version\` is 409 \`version_conflict\`. A merged customer cannot be changed (409).",
        "tags": [
          "Customers"
        ],
        "security": [
          {
            "bearerAuth": []
          }
        ],
        "x-required-scopes": [
          "customers.read",
          "customers.write"
        ],
        "x-conditional-scopes": [],
        "parameters": [
          {
            "in": "path",
            "name": "public_id",
            "schema": {
              "type": "string",
              "description": "A cus_ id",
              "pattern": "^cus_[0-9A-Za-z]{1,64}$",
              "maxLength": 68,
              "example": "cus_4bW2yXk0fT9QmZr7LcVd1p"
            },
            "required": true,
            "description": "A cus_ id"
          },
          {
            "in": "header",
            "name": "Idempotency-Key",
            "schema": {
              "type": "string",
              "minLength": 1,
              "maxLength": 255,
              "pattern": "^[\\\\x21-\\\\x7e]+$",
              "description": "Makes a retry safe: the same key with the same body replays the first result for 7 days (with \`Idempotent-Replayed: true\`), redacted for the scopes the integration has at the replay; the key with a different body is 422 \`idempotency_key_reused\` for 30 days. The result is whatever the operation answered, its own refusals included (a 409 blocker, a 404, its 400s such as \`no_changes\`); a request refused before the operation ran (authentication, scopes, throttling, body validation) or with a 5xx binds nothing. Scoped to the integration. 1-255 visible ASCII characters; a UUID is ideal.",
              "example": "5f0c8e2a-3b1d-4c8e-9a57-2f6f1f3c9b10"
            }
          }
        ],
        "requestBody": {
          "required": true,
          "content": {
            "application/json": {
              "schema": {
                "$ref": "#/components/schemas/CustomerUpdate"
              }
            }
          }
        },
        "responses": {
          "200": {
            "description": "The updated customer",
            "headers": {
              "Idempotent-Replayed": {
                "$ref": "#/components/headers/Idempotent-Replayed"
              },
              "X-Request-Id": {
                "$ref": "#/components/headers/X-Request-Id"
              },
              "Cache-Control": {
                "$ref": "#/components/headers/Cache-Control"
              },
              "RateLimit-Limit": {
                "$ref": "#/components/headers/RateLimit-Limit"
              },
              "RateLimit-Remaining": {
                "$ref": "#/components/headers/RateLimit-Remaining"
              },
              "RateLimit-Reset": {
                "$ref": "#/components/headers/RateLimit-Reset"
              }
            },
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Customer"
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/Error400"
          },
          "401": {
            "$ref": "#/components/responses/Error401"
          },
          "403": {
            "$ref": "#/components/responses/Error403"
          },
          "404": {
            "$ref": "#/components/responses/Error404"
          },
          "409": {
            "$ref": "#/components/responses/Error409"
          },
          "413": {
            "$ref": "#/components/responses/Error413"
          },
          "422": {
            "$ref": "#/components/responses/Error422"
          },
          "429": {
            "$ref": "#/components/responses/Error429"
          },
          "500": {
            "$ref": "#/components/responses/Error500"
          },
          "502": {
            "$ref": "#/components/responses/Error502"
          },
          "503": {
            "$ref": "#/components/responses/Error503"
          },
          "504": {
            "$ref": "#/components/responses/Error504"
          }
        }
      }
    },
    "/customers/{public_id}/archive": {
      "post": {
        "operationId": "archiveCustomer",
        "summary": "Archive a customer",
        "description": "The customer stays readable with \`archived: true\` and leaves the default (\`lifecycle=active\`) list. Archiving an archived customer returns it unchanged.",
        "tags": [
          "Customers"
        ],
        "security": [
          {
            "bearerAuth": []
          }
        ],
        "x-required-scopes": [
          "customers.read",
          "customers.write"
        ],
        "x-conditional-scopes": [],
        "parameters": [
          {
            "in": "path",
            "name": "public_id",
            "schema": {
              "type": "string",
              "description": "A cus_ id",
              "pattern": "^cus_[0-9A-Za-z]{1,64}$",
              "maxLength": 68,
              "example": "cus_4bW2yXk0fT9QmZr7LcVd1p"
            },
            "required": true,
            "description": "A cus_ id"
          },
          {
            "in": "header",
            "name": "Idempotency-Key",
            "schema": {
              "type": "string",
              "minLength": 1,
              "maxLength": 255,
              "pattern": "^[\\\\x21-\\\\x7e]+$",
              "description": "Makes a retry safe: the same key with the same body replays the first result for 7 days (with \`Idempotent-Replayed: true\`), redacted for the scopes the integration has at the replay; the key with a different body is 422 \`idempotency_key_reused\` for 30 days. The result is whatever the operation answered, its own refusals included (a 409 blocker, a 404, its 400s such as \`no_changes\`); a request refused before the operation ran (authentication, scopes, throttling, body validation) or with a 5xx binds nothing. Scoped to the integration. 1-255 visible ASCII characters; a UUID is ideal.",
              "example": "5f0c8e2a-3b1d-4c8e-9a57-2f6f1f3c9b10"
            },
            "required": true,
            "description": "Makes a retry safe: the same key with the same body replays the first result for 7 days (with \`Idempotent-Replayed: true\`), redacted for the scopes the integration has at the replay; the key with a different body is 422 \`idempotency_key_reused\` for 30 days. The result is whatever the operation answered, its own refusals included (a 409 blocker, a 404, its 400s such as \`no_changes\`); a request refused before the operation ran (authentication, scopes, throttling, body validation) or with a 5xx binds nothing. Scoped to the integration. 1-255 visible ASCII characters; a UUID is ideal."
          }
        ],
        "requestBody": {
          "required": false,
          "content": {
            "application/json": {
              "schema": {
                "$ref": "#/components/schemas/ArchiveRequest"
              }
            }
          }
        },
        "responses": {
          "200": {
            "description": "The archived customer",
            "headers": {
              "Idempotent-Replayed": {
                "$ref": "#/components/headers/Idempotent-Replayed"
              },
              "X-Request-Id": {
                "$ref": "#/components/headers/X-Request-Id"
              },
              "Cache-Control": {
                "$ref": "#/components/headers/Cache-Control"
              },
              "RateLimit-Limit": {
                "$ref": "#/components/headers/RateLimit-Limit"
              },
              "RateLimit-Remaining": {
                "$ref": "#/components/headers/RateLimit-Remaining"
              },
              "RateLimit-Reset": {
                "$ref": "#/components/headers/RateLimit-Reset"
              }
            },
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Customer"
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/Error400"
          },
          "401": {
            "$ref": "#/components/responses/Error401"
          },
          "403": {
            "$ref": "#/components/responses/Error403"
          },
          "404": {
            "$ref": "#/components/responses/Error404"
          },
          "409": {
            "$ref": "#/components/responses/Error409"
          },
          "413": {
            "$ref": "#/components/responses/Error413"
          },
          "422": {
            "$ref": "#/components/responses/Error422"
          },
          "429": {
            "$ref": "#/components/responses/Error429"
          },
          "500": {
            "$ref": "#/components/responses/Error500"
          },
          "502": {
            "$ref": "#/components/responses/Error502"
          },
          "503": {
            "$ref": "#/components/responses/Error503"
          },
          "504": {
            "$ref": "#/components/responses/Error504"
          }
        }
      }
    },
    "/customers/{public_id}/external-id": {
      "put": {
        "operationId": "setCustomerExternalId",
        "summary": "Set this integration's external id of a customer",
        "description": "Replaces any previous external id this integration set on the record. Private to the integration; an id already on another record of the type is 409 \`conflict\` with the blocker reason \`external_id_in_use\`.",
        "tags": [
          "Customers"
        ],
        "security": [
          {
            "bearerAuth": []
          }
        ],
        "x-required-scopes": [
          "customers.read",
          "external_refs.write"
        ],
        "x-conditional-scopes": [],
        "parameters": [
          {
            "in": "path",
            "name": "public_id",
            "schema": {
              "type": "string",
              "description": "A cus_ id",
              "pattern": "^cus_[0-9A-Za-z]{1,64}$",
              "maxLength": 68,
              "example": "cus_4bW2yXk0fT9QmZr7LcVd1p"
            },
            "required": true,
            "description": "A cus_ id"
          },
          {
            "in": "header",
            "name": "Idempotency-Key",
            "schema": {
              "type": "string",
              "minLength": 1,
              "maxLength": 255,
              "pattern": "^[\\\\x21-\\\\x7e]+$",
              "description": "Makes a retry safe: the same key with the same body replays the first result for 7 days (with \`Idempotent-Replayed: true\`), redacted for the scopes the integration has at the replay; the key with a different body is 422 \`idempotency_key_reused\` for 30 days. The result is whatever the operation answered, its own refusals included (a 409 blocker, a 404, its 400s such as \`no_changes\`); a request refused before the operation ran (authentication, scopes, throttling, body validation) or with a 5xx binds nothing. Scoped to the integration. 1-255 visible ASCII characters; a UUID is ideal.",
              "example": "5f0c8e2a-3b1d-4c8e-9a57-2f6f1f3c9b10"
            }
          }
        ],
        "requestBody": {
          "required": true,
          "content": {
            "application/json": {
              "schema": {
                "$ref": "#/components/schemas/ExternalIdRequest"
              }
            }
          }
        },
        "responses": {
          "200": {
            "description": "The external reference",
            "headers": {
              "Idempotent-Replayed": {
                "$ref": "#/components/headers/Idempotent-Replayed"
              },
              "X-Request-Id": {
                "$ref": "#/components/headers/X-Request-Id"
              },
              "Cache-Control": {
                "$ref": "#/components/headers/Cache-Control"
              },
              "RateLimit-Limit": {
                "$ref": "#/components/headers/RateLimit-Limit"
              },
              "RateLimit-Remaining": {
                "$ref": "#/components/headers/RateLimit-Remaining"
              },
              "RateLimit-Reset": {
                "$ref": "#/components/headers/RateLimit-Reset"
              }
            },
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/ExternalReference"
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/Error400"
          },
          "401": {
            "$ref": "#/components/responses/Error401"
          },
          "403": {
            "$ref": "#/components/responses/Error403"
          },
          "404": {
            "$ref": "#/components/responses/Error404"
          },
          "409": {
            "$ref": "#/components/responses/Error409"
          },
          "413": {
            "$ref": "#/components/responses/Error413"
          },
          "422": {
            "$ref": "#/components/responses/Error422"
          },
          "429": {
            "$ref": "#/components/responses/Error429"
          },
          "500": {
            "$ref": "#/components/responses/Error500"
          },
          "502": {
            "$ref": "#/components/responses/Error502"
          },
          "503": {
            "$ref": "#/components/responses/Error503"
          },
          "504": {
            "$ref": "#/components/responses/Error504"
          }
        }
      },
      "delete": {
        "operationId": "deleteCustomerExternalId",
        "summary": "Remove this integration's external id from a customer",
        "description": "Answers with \`external_id: null\`, also when none was set.",
        "tags": [
          "Customers"
        ],
        "security": [
          {
            "bearerAuth": []
          }
        ],
        "x-required-scopes": [
          "customers.read",
          "external_refs.write"
        ],
        "x-conditional-scopes": [],
        "parameters": [
          {
            "in": "path",
            "name": "public_id",
            "schema": {
              "type": "string",
              "description": "A cus_ id",
              "pattern": "^cus_[0-9A-Za-z]{1,64}$",
              "maxLength": 68,
              "example": "cus_4bW2yXk0fT9QmZr7LcVd1p"
            },
            "required": true,
            "description": "A cus_ id"
          },
          {
            "in": "header",
            "name": "Idempotency-Key",
            "schema": {
              "type": "string",
              "minLength": 1,
              "maxLength": 255,
              "pattern": "^[\\\\x21-\\\\x7e]+$",
              "description": "Makes a retry safe: the same key with the same body replays the first result for 7 days (with \`Idempotent-Replayed: true\`), redacted for the scopes the integration has at the replay; the key with a different body is 422 \`idempotency_key_reused\` for 30 days. The result is whatever the operation answered, its own refusals included (a 409 blocker, a 404, its 400s such as \`no_changes\`); a request refused before the operation ran (authentication, scopes, throttling, body validation) or with a 5xx binds nothing. Scoped to the integration. 1-255 visible ASCII characters; a UUID is ideal.",
              "example": "5f0c8e2a-3b1d-4c8e-9a57-2f6f1f3c9b10"
            }
          }
        ],
        "responses": {
          "200": {
            "description": "The external reference, now empty",
            "headers": {
              "Idempotent-Replayed": {
                "$ref": "#/components/headers/Idempotent-Replayed"
              },
              "X-Request-Id": {
                "$ref": "#/components/headers/X-Request-Id"
              },
              "Cache-Control": {
                "$ref": "#/components/headers/Cache-Control"
              },
              "RateLimit-Limit": {
                "$ref": "#/components/headers/RateLimit-Limit"
              },
              "RateLimit-Remaining": {
                "$ref": "#/components/headers/RateLimit-Remaining"
              },
              "RateLimit-Reset": {
                "$ref": "#/components/headers/RateLimit-Reset"
              }
            },
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/ExternalReference"
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/Error400"
          },
          "401": {
            "$ref": "#/components/responses/Error401"
          },
          "403": {
            "$ref": "#/components/responses/Error403"
          },
          "404": {
            "$ref": "#/components/responses/Error404"
          },
          "409": {
            "$ref": "#/components/responses/Error409"
          },
          "413": {
            "$ref": "#/components/responses/Error413"
          },
          "422": {
            "$ref": "#/components/responses/Error422"
          },
          "429": {
            "$ref": "#/components/responses/Error429"
          },
          "500": {
            "$ref": "#/components/responses/Error500"
          },
          "502": {
            "$ref": "#/components/responses/Error502"
          },
          "503": {
            "$ref": "#/components/responses/Error503"
          },
          "504": {
            "$ref": "#/components/responses/Error504"
          }
        }
      }
    },
    "/vehicles": {
      "get": {
        "operationId": "listVehicles",
        "summary": "List vehicles",
        "description": "Newest first by \`sort\` (default \`created_at\`). Filters combine with AND. Archived and merged vehicles appear with \`lifecycle=archived\` or \`all\`, and in a sync crawl: with \`updated_after\` and no \`lifecycle\`, every record changed since is listed, archives and merges included.",
        "tags": [
          "Vehicles"
        ],
        "security": [
          {
            "bearerAuth": []
          }
        ],
        "x-required-scopes": [
          "vehicles.read"
        ],
        "x-conditional-scopes": [],
        "parameters": [
          {
            "in": "query",
            "name": "limit",
            "schema": {
              "description": "Page size, 1-200, in plain decimal digits",
              "example": 50,
              "type": "integer",
              "minimum": 1,
              "maximum": 200,
              "default": 50
            },
            "description": "Page size, 1-200, in plain decimal digits"
          },
          {
            "in": "query",
            "name": "cursor",
            "schema": {
              "description": "The \`next_cursor\` of the previous page; the other parameters must not change",
              "maxLength": 1000,
              "type": "string"
            },
            "description": "The \`next_cursor\` of the previous page; the other parameters must not change"
          },
          {
            "in": "query",
            "name": "customer",
            "schema": {
              "type": "string",
              "description": "Only this customer's vehicles (a cus_ id)",
              "pattern": "^cus_[0-9A-Za-z]{1,64}$",
              "maxLength": 68,
              "example": "cus_4bW2yXk0fT9QmZr7LcVd1p"
            }
          },
          {
            "in": "query",
            "name": "vin",
            "schema": {
              "description": "Exact VIN, case-insensitive",
              "type": "string",
              "minLength": 1,
              "maxLength": 17
            },
            "description": "Exact VIN, case-insensitive"
          },
          {
            "in": "query",
            "name": "plate",
            "schema": {
              "description": "Licence plate, compared ignoring case, spaces, hyphens and dots",
              "type": "string",
              "minLength": 1,
              "maxLength": 25
            },
            "description": "Licence plate, compared ignoring case, spaces, hyphens and dots"
          },
          {
            "in": "query",
            "name": "unit_number",
            "schema": {
              "description": "Exact fleet unit number, case-insensitive",
              "type": "string",
              "minLength": 1,
              "maxLength": 50
            },
            "description": "Exact fleet unit number, case-insensitive"
          },
          {
            "in": "query",
            "name": "q",
            "schema": {
              "description": "Substring of VIN, year, make, model, trim, color, plate or unit number (2-100 characters)",
              "type": "string",
              "minLength": 2,
              "maxLength": 100
            },
            "description": "Substring of VIN, year, make, model, trim, color, plate or unit number (2-100 characters)"
          },
          {
            "in": "query",
            "name": "external_id",
            "schema": {
              "description": "This integration's external id",
              "type": "string",
              "minLength": 1,
              "maxLength": 255
            },
            "description": "This integration's external id"
          },
          {
            "in": "query",
            "name": "updated_after",
            "schema": {
              "description": "Only records updated strictly after this instant (RFC 3339, e.g. 2026-01-31T09:04:05-06:00)",
              "format": "date-time",
              "pattern": "^(\\\\d{4})-(\\\\d{2})-(\\\\d{2})[Tt](\\\\d{2}):(\\\\d{2}):(\\\\d{2})(\\\\.\\\\d{1,9})?(?:[Zz]|[+-](\\\\d{2}):(\\\\d{2}))$",
              "example": "2026-01-31T09:04:05-06:00",
              "type": "string",
              "maxLength": 40
            },
            "description": "Only records updated strictly after this instant (RFC 3339, e.g. 2026-01-31T09:04:05-06:00)"
          },
          {
            "in": "query",
            "name": "lifecycle",
            "schema": {
              "description": "Which records: not archived (\`active\`), archived (merged ones included), or \`all\`. Default: \`active\`, but \`all\` when \`updated_after\` is given, so that a sync crawl sees archives and merges as updates (spec \\"Sync guidance\\" 3)",
              "type": "string",
              "enum": [
                "active",
                "archived",
                "all"
              ]
            },
            "description": "Which records: not archived (\`active\`), archived (merged ones included), or \`all\`. Default: \`active\`, but \`all\` when \`updated_after\` is given, so that a sync crawl sees archives and merges as updates (spec \\"Sync guidance\\" 3)"
          },
          {
            "in": "query",
            "name": "sort",
            "schema": {
              "default": "created_at",
              "description": "Newest first by this column; ties broken by id",
              "type": "string",
              "enum": [
                "created_at",
                "updated_at"
              ]
            },
            "description": "Newest first by this column; ties broken by id"
          }
        ],
        "responses": {
          "200": {
            "description": "A page of vehicles",
            "headers": {
              "X-Request-Id": {
                "$ref": "#/components/headers/X-Request-Id"
              },
              "Cache-Control": {
                "$ref": "#/components/headers/Cache-Control"
              },
              "RateLimit-Limit": {
                "$ref": "#/components/headers/RateLimit-Limit"
              },
              "RateLimit-Remaining": {
                "$ref": "#/components/headers/RateLimit-Remaining"
              },
              "RateLimit-Reset": {
                "$ref": "#/components/headers/RateLimit-Reset"
              }
            },
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/VehicleList"
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/Error400"
          },
          "401": {
            "$ref": "#/components/responses/Error401"
          },
          "403": {
            "$ref": "#/components/responses/Error403"
          },
          "404": {
            "$ref": "#/components/responses/Error404"
          },
          "409": {
            "$ref": "#/components/responses/Error409"
          },
          "422": {
            "$ref": "#/components/responses/Error422"
          },
          "429": {
            "$ref": "#/components/responses/Error429"
          },
          "500": {
            "$ref": "#/components/responses/Error500"
          },
          "502": {
            "$ref": "#/components/responses/Error502"
          },
          "503": {
            "$ref": "#/components/responses/Error503"
          },
          "504": {
            "$ref": "#/components/responses/Error504"
          }
        }
      },
      "post": {
        "operationId": "createVehicle",
        "summary": "Create a vehicle",
        "description": "The owner (\`customer_id\`) must be a customer of the shop (404 otherwise); a merged customer is 409 \`conflict\` naming the survivor.",
        "tags": [
          "Vehicles"
        ],
        "security": [
          {
            "bearerAuth": []
          }
        ],
        "x-required-scopes": [
          "vehicles.read",
          "vehicles.write"
        ],
        "x-conditional-scopes": [],
        "parameters": [
          {
            "in": "header",
            "name": "Idempotency-Key",
            "schema": {
              "type": "string",
              "minLength": 1,
              "maxLength": 255,
              "pattern": "^[\\\\x21-\\\\x7e]+$",
              "description": "Makes a retry safe: the same key with the same body replays the first result for 7 days (with \`Idempotent-Replayed: true\`), redacted for the scopes the integration has at the replay; the key with a different body is 422 \`idempotency_key_reused\` for 30 days. The result is whatever the operation answered, its own refusals included (a 409 blocker, a 404, its 400s such as \`no_changes\`); a request refused before the operation ran (authentication, scopes, throttling, body validation) or with a 5xx binds nothing. Scoped to the integration. 1-255 visible ASCII characters; a UUID is ideal.",
              "example": "5f0c8e2a-3b1d-4c8e-9a57-2f6f1f3c9b10"
            },
            "required": true,
            "description": "Makes a retry safe: the same key with the same body replays the first result for 7 days (with \`Idempotent-Replayed: true\`), redacted for the scopes the integration has at the replay; the key with a different body is 422 \`idempotency_key_reused\` for 30 days. The result is whatever the operation answered, its own refusals included (a 409 blocker, a 404, its 400s such as \`no_changes\`); a request refused before the operation ran (authentication, scopes, throttling, body validation) or with a 5xx binds nothing. Scoped to the integration. 1-255 visible ASCII characters; a UUID is ideal."
          }
        ],
        "requestBody": {
          "required": true,
          "content": {
            "application/json": {
              "schema": {
                "$ref": "#/components/schemas/VehicleCreate"
              }
            }
          }
        },
        "responses": {
          "201": {
            "description": "The new vehicle",
            "headers": {
              "Idempotent-Replayed": {
                "$ref": "#/components/headers/Idempotent-Replayed"
              },
              "X-Request-Id": {
                "$ref": "#/components/headers/X-Request-Id"
              },
              "Cache-Control": {
                "$ref": "#/components/headers/Cache-Control"
              },
              "RateLimit-Limit": {
                "$ref": "#/components/headers/RateLimit-Limit"
              },
              "RateLimit-Remaining": {
                "$ref": "#/components/headers/RateLimit-Remaining"
              },
              "RateLimit-Reset": {
                "$ref": "#/components/headers/RateLimit-Reset"
              }
            },
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Vehicle"
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/Error400"
          },
          "401": {
            "$ref": "#/components/responses/Error401"
          },
          "403": {
            "$ref": "#/components/responses/Error403"
          },
          "404": {
            "$ref": "#/components/responses/Error404"
          },
          "409": {
            "$ref": "#/components/responses/Error409"
          },
          "413": {
            "$ref": "#/components/responses/Error413"
          },
          "422": {
            "$ref": "#/components/responses/Error422"
          },
          "429": {
            "$ref": "#/components/responses/Error429"
          },
          "500": {
            "$ref": "#/components/responses/Error500"
          },
          "502": {
            "$ref": "#/components/responses/Error502"
          },
          "503": {
            "$ref": "#/components/responses/Error503"
          },
          "504": {
            "$ref": "#/components/responses/Error504"
          }
        }
      }
    },
    "/vehicles/{public_id}": {
      "get": {
        "operationId": "getVehicle",
        "summary": "Get a vehicle",
        "description": "Archived and merged vehicles are still returned (\`archived: true\`, \`merged_into\`).",
        "tags": [
          "Vehicles"
        ],
        "security": [
          {
            "bearerAuth": []
          }
        ],
        "x-required-scopes": [
          "vehicles.read"
        ],
        "x-conditional-scopes": [],
        "parameters": [
          {
            "in": "path",
            "name": "public_id",
            "schema": {
              "type": "string",
              "description": "A veh_ id",
              "pattern": "^veh_[0-9A-Za-z]{1,64}$",
              "maxLength": 68,
              "example": "veh_4bW2yXk0fT9QmZr7LcVd1p"
            },
            "required": true,
            "description": "A veh_ id"
          }
        ],
        "responses": {
          "200": {
            "description": "The vehicle",
            "headers": {
              "X-Request-Id": {
                "$ref": "#/components/headers/X-Request-Id"
              },
              "Cache-Control": {
                "$ref": "#/components/headers/Cache-Control"
              },
              "RateLimit-Limit": {
                "$ref": "#/components/headers/RateLimit-Limit"
              },
              "RateLimit-Remaining": {
                "$ref": "#/components/headers/RateLimit-Remaining"
              },
              "RateLimit-Reset": {
                "$ref": "#/components/headers/RateLimit-Reset"
              }
            },
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Vehicle"
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/Error400"
          },
          "401": {
            "$ref": "#/components/responses/Error401"
          },
          "403": {
            "$ref": "#/components/responses/Error403"
          },
          "404": {
            "$ref": "#/components/responses/Error404"
          },
          "409": {
            "$ref": "#/components/responses/Error409"
          },
          "422": {
            "$ref": "#/components/responses/Error422"
          },
          "429": {
            "$ref": "#/components/responses/Error429"
          },
          "500": {
            "$ref": "#/components/responses/Error500"
          },
          "502": {
            "$ref": "#/components/responses/Error502"
          },
          "503": {
            "$ref": "#/components/responses/Error503"
          },
          "504": {
            "$ref": "#/components/responses/Error504"
          }
        },
        "x-shopapi-addition": true
      },
      "patch": {
        "operationId": "updateVehicle",
        "summary": "Update a vehicle",
        "description": "Presence-aware: omitted fields are unchanged, null clears a nullable field. A body that changes nothing is 400 \`no_changes\`; a stale \`expected_version\` is 409 \`version_conflict\`. A merged vehicle cannot be changed (409).",
        "tags": [
          "Vehicles"
        ],
        "security": [
          {
            "bearerAuth": []
          }
        ],
        "x-required-scopes": [
          "vehicles.read",
          "vehicles.write"
        ],
        "x-conditional-scopes": [],
        "parameters": [
          {
            "in": "path",
            "name": "public_id",
            "schema": {
              "type": "string",
              "description": "A veh_ id",
              "pattern": "^veh_[0-9A-Za-z]{1,64}$",
              "maxLength": 68,
              "example": "veh_4bW2yXk0fT9QmZr7LcVd1p"
            },
            "required": true,
            "description": "A veh_ id"
          },
          {
            "in": "header",
            "name": "Idempotency-Key",
            "schema": {
              "type": "string",
              "minLength": 1,
              "maxLength": 255,
              "pattern": "^[\\\\x21-\\\\x7e]+$",
              "description": "Makes a retry safe: the same key with the same body replays the first result for 7 days (with \`Idempotent-Replayed: true\`), redacted for the scopes the integration has at the replay; the key with a different body is 422 \`idempotency_key_reused\` for 30 days. The result is whatever the operation answered, its own refusals included (a 409 blocker, a 404, its 400s such as \`no_changes\`); a request refused before the operation ran (authentication, scopes, throttling, body validation) or with a 5xx binds nothing. Scoped to the integration. 1-255 visible ASCII characters; a UUID is ideal.",
              "example": "5f0c8e2a-3b1d-4c8e-9a57-2f6f1f3c9b10"
            }
          }
        ],
        "requestBody": {
          "required": true,
          "content": {
            "application/json": {
              "schema": {
                "$ref": "#/components/schemas/VehicleUpdate"
              }
            }
          }
        },
        "responses": {
          "200": {
            "description": "The updated vehicle",
            "headers": {
              "Idempotent-Replayed": {
                "$ref": "#/components/headers/Idempotent-Replayed"
              },
              "X-Request-Id": {
                "$ref": "#/components/headers/X-Request-Id"
              },
              "Cache-Control": {
                "$ref": "#/components/headers/Cache-Control"
              },
              "RateLimit-Limit": {
                "$ref": "#/components/headers/RateLimit-Limit"
              },
              "RateLimit-Remaining": {
                "$ref": "#/components/headers/RateLimit-Remaining"
              },
              "RateLimit-Reset": {
                "$ref": "#/components/headers/RateLimit-Reset"
              }
            },
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Vehicle"
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/Error400"
          },
          "401": {
            "$ref": "#/components/responses/Error401"
          },
          "403": {
            "$ref": "#/components/responses/Error403"
          },
          "404": {
            "$ref": "#/components/responses/Error404"
          },
          "409": {
            "$ref": "#/components/responses/Error409"
          },
          "413": {
            "$ref": "#/components/responses/Error413"
          },
          "422": {
            "$ref": "#/components/responses/Error422"
          },
          "429": {
            "$ref": "#/components/responses/Error429"
          },
          "500": {
            "$ref": "#/components/responses/Error500"
          },
          "502": {
            "$ref": "#/components/responses/Error502"
          },
          "503": {
            "$ref": "#/components/responses/Error503"
          },
          "504": {
            "$ref": "#/components/responses/Error504"
          }
        },
        "x-shopapi-addition": true
      }
    },
    "/vehicles/{public_id}/archive": {
      "post": {
        "operationId": "archiveVehicle",
        "summary": "Archive a vehicle",
        "description": "The vehicle stays readable with \`archived: true\` and leaves the default (\`lifecycle=active\`) list. Archiving an archived vehicle returns it unchanged.",
        "tags": [
          "Vehicles"
        ],
        "security": [
          {
            "bearerAuth": []
          }
        ],
        "x-required-scopes": [
          "vehicles.read",
          "vehicles.write"
        ],
        "x-conditional-scopes": [],
        "parameters": [
          {
            "in": "path",
            "name": "public_id",
            "schema": {
              "type": "string",
              "description": "A veh_ id",
              "pattern": "^veh_[0-9A-Za-z]{1,64}$",
              "maxLength": 68,
              "example": "veh_4bW2yXk0fT9QmZr7LcVd1p"
            },
            "required": true,
            "description": "A veh_ id"
          },
          {
            "in": "header",
            "name": "Idempotency-Key",
            "schema": {
              "type": "string",
              "minLength": 1,
              "maxLength": 255,
              "pattern": "^[\\\\x21-\\\\x7e]+$",
              "description": "Makes a retry safe: the same key with the same body replays the first result for 7 days (with \`Idempotent-Replayed: true\`), redacted for the scopes the integration has at the replay; the key with a different body is 422 \`idempotency_key_reused\` for 30 days. The result is whatever the operation answered, its own refusals included (a 409 blocker, a 404, its 400s such as \`no_changes\`); a request refused before the operation ran (authentication, scopes, throttling, body validation) or with a 5xx binds nothing. Scoped to the integration. 1-255 visible ASCII characters; a UUID is ideal.",
              "example": "5f0c8e2a-3b1d-4c8e-9a57-2f6f1f3c9b10"
            },
            "required": true,
            "description": "Makes a retry safe: the same key with the same body replays the first result for 7 days (with \`Idempotent-Replayed: true\`), redacted for the scopes the integration has at the replay; the key with a different body is 422 \`idempotency_key_reused\` for 30 days. The result is whatever the operation answered, its own refusals included (a 409 blocker, a 404, its 400s such as \`no_changes\`); a request refused before the operation ran (authentication, scopes, throttling, body validation) or with a 5xx binds nothing. Scoped to the integration. 1-255 visible ASCII characters; a UUID is ideal."
          }
        ],
        "requestBody": {
          "required": false,
          "content": {
            "application/json": {
              "schema": {
                "$ref": "#/components/schemas/ArchiveRequest"
              }
            }
          }
        },
        "responses": {
          "200": {
            "description": "The archived vehicle",
            "headers": {
              "Idempotent-Replayed": {
                "$ref": "#/components/headers/Idempotent-Replayed"
              },
              "X-Request-Id": {
                "$ref": "#/components/headers/X-Request-Id"
              },
              "Cache-Control": {
                "$ref": "#/components/headers/Cache-Control"
              },
              "RateLimit-Limit": {
                "$ref": "#/components/headers/RateLimit-Limit"
              },
              "RateLimit-Remaining": {
                "$ref": "#/components/headers/RateLimit-Remaining"
              },
              "RateLimit-Reset": {
                "$ref": "#/components/headers/RateLimit-Reset"
              }
            },
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Vehicle"
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/Error400"
          },
          "401": {
            "$ref": "#/components/responses/Error401"
          },
          "403": {
            "$ref": "#/components/responses/Error403"
          },
          "404": {
            "$ref": "#/components/responses/Error404"
          },
          "409": {
            "$ref": "#/components/responses/Error409"
          },
          "413": {
            "$ref": "#/components/responses/Error413"
          },
          "422": {
            "$ref": "#/components/responses/Error422"
          },
          "429": {
            "$ref": "#/components/responses/Error429"
          },
          "500": {
            "$ref": "#/components/responses/Error500"
          },
          "502": {
            "$ref": "#/components/responses/Error502"
          },
          "503": {
            "$ref": "#/components/responses/Error503"
          },
          "504": {
            "$ref": "#/components/responses/Error504"
          }
        }
      }
    },
    "/vehicles/{public_id}/external-id": {
      "put": {
        "operationId": "setVehicleExternalId",
        "summary": "Set this integration's external id of a vehicle",
        "description": "Replaces any previous external id this integration set on the record. Private to the integration; an id already on another record of the type is 409 \`conflict\` with the blocker reason \`external_id_in_use\`.",
        "tags": [
          "Vehicles"
        ],
        "security": [
          {
            "bearerAuth": []
          }
        ],
        "x-required-scopes": [
          "vehicles.read",
          "external_refs.write"
        ],
        "x-conditional-scopes": [],
        "parameters": [
          {
            "in": "path",
            "name": "public_id",
            "schema": {
              "type": "string",
              "description": "A veh_ id",
              "pattern": "^veh_[0-9A-Za-z]{1,64}$",
              "maxLength": 68,
              "example": "veh_4bW2yXk0fT9QmZr7LcVd1p"
            },
            "required": true,
            "description": "A veh_ id"
          },
          {
            "in": "header",
            "name": "Idempotency-Key",
            "schema": {
              "type": "string",
              "minLength": 1,
              "maxLength": 255,
              "pattern": "^[\\\\x21-\\\\x7e]+$",
              "description": "Makes a retry safe: the same key with the same body replays the first result for 7 days (with \`Idempotent-Replayed: true\`), redacted for the scopes the integration has at the replay; the key with a different body is 422 \`idempotency_key_reused\` for 30 days. The result is whatever the operation answered, its own refusals included (a 409 blocker, a 404, its 400s such as \`no_changes\`); a request refused before the operation ran (authentication, scopes, throttling, body validation) or with a 5xx binds nothing. Scoped to the integration. 1-255 visible ASCII characters; a UUID is ideal.",
              "example": "5f0c8e2a-3b1d-4c8e-9a57-2f6f1f3c9b10"
            }
          }
        ],
        "requestBody": {
          "required": true,
          "content": {
            "application/json": {
              "schema": {
                "$ref": "#/components/schemas/ExternalIdRequest"
              }
            }
          }
        },
        "responses": {
          "200": {
            "description": "The external reference",
            "headers": {
              "Idempotent-Replayed": {
                "$ref": "#/components/headers/Idempotent-Replayed"
              },
              "X-Request-Id": {
                "$ref": "#/components/headers/X-Request-Id"
              },
              "Cache-Control": {
                "$ref": "#/components/headers/Cache-Control"
              },
              "RateLimit-Limit": {
                "$ref": "#/components/headers/RateLimit-Limit"
              },
              "RateLimit-Remaining": {
                "$ref": "#/components/headers/RateLimit-Remaining"
              },
              "RateLimit-Reset": {
                "$ref": "#/components/headers/RateLimit-Reset"
              }
            },
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/ExternalReference"
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/Error400"
          },
          "401": {
            "$ref": "#/components/responses/Error401"
          },
          "403": {
            "$ref": "#/components/responses/Error403"
          },
          "404": {
            "$ref": "#/components/responses/Error404"
          },
          "409": {
            "$ref": "#/components/responses/Error409"
          },
          "413": {
            "$ref": "#/components/responses/Error413"
          },
          "422": {
            "$ref": "#/components/responses/Error422"
          },
          "429": {
            "$ref": "#/components/responses/Error429"
          },
          "500": {
            "$ref": "#/components/responses/Error500"
          },
          "502": {
            "$ref": "#/components/responses/Error502"
          },
          "503": {
            "$ref": "#/components/responses/Error503"
          },
          "504": {
            "$ref": "#/components/responses/Error504"
          }
        }
      },
      "delete": {
        "operationId": "deleteVehicleExternalId",
        "summary": "Remove this integration's external id from a vehicle",
        "description": "Answers with \`external_id: null\`, also when none was set.",
        "tags": [
          "Vehicles"
        ],
        "security": [
          {
            "bearerAuth": []
          }
        ],
        "x-required-scopes": [
          "vehicles.read",
          "external_refs.write"
        ],
        "x-conditional-scopes": [],
        "parameters": [
          {
            "in": "path",
            "name": "public_id",
            "schema": {
              "type": "string",
              "description": "A veh_ id",
              "pattern": "^veh_[0-9A-Za-z]{1,64}$",
              "maxLength": 68,
              "example": "veh_4bW2yXk0fT9QmZr7LcVd1p"
            },
            "required": true,
            "description": "A veh_ id"
          },
          {
            "in": "header",
            "name": "Idempotency-Key",
            "schema": {
              "type": "string",
              "minLength": 1,
              "maxLength": 255,
              "pattern": "^[\\\\x21-\\\\x7e]+$",
              "description": "Makes a retry safe: the same key with the same body replays the first result for 7 days (with \`Idempotent-Replayed: true\`), redacted for the scopes the integration has at the replay; the key with a different body is 422 \`idempotency_key_reused\` for 30 days. The result is whatever the operation answered, its own refusals included (a 409 blocker, a 404, its 400s such as \`no_changes\`); a request refused before the operation ran (authentication, scopes, throttling, body validation) or with a 5xx binds nothing. Scoped to the integration. 1-255 visible ASCII characters; a UUID is ideal.",
              "example": "5f0c8e2a-3b1d-4c8e-9a57-2f6f1f3c9b10"
            }
          }
        ],
        "responses": {
          "200": {
            "description": "The external reference, now empty",
            "headers": {
              "Idempotent-Replayed": {
                "$ref": "#/components/headers/Idempotent-Replayed"
              },
              "X-Request-Id": {
                "$ref": "#/components/headers/X-Request-Id"
              },
              "Cache-Control": {
                "$ref": "#/components/headers/Cache-Control"
              },
              "RateLimit-Limit": {
                "$ref": "#/components/headers/RateLimit-Limit"
              },
              "RateLimit-Remaining": {
                "$ref": "#/components/headers/RateLimit-Remaining"
              },
              "RateLimit-Reset": {
                "$ref": "#/components/headers/RateLimit-Reset"
              }
            },
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/ExternalReference"
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/Error400"
          },
          "401": {
            "$ref": "#/components/responses/Error401"
          },
          "403": {
            "$ref": "#/components/responses/Error403"
          },
          "404": {
            "$ref": "#/components/responses/Error404"
          },
          "409": {
            "$ref": "#/components/responses/Error409"
          },
          "413": {
            "$ref": "#/components/responses/Error413"
          },
          "422": {
            "$ref": "#/components/responses/Error422"
          },
          "429": {
            "$ref": "#/components/responses/Error429"
          },
          "500": {
            "$ref": "#/components/responses/Error500"
          },
          "502": {
            "$ref": "#/components/responses/Error502"
          },
          "503": {
            "$ref": "#/components/responses/Error503"
          },
          "504": {
            "$ref": "#/components/responses/Error504"
          }
        }
      }
    },
    "/appointments/availability": {
      "get": {
        "operationId": "getAppointmentAvailability",
        "summary": "Availability by date",
        "description": "One entry per date of the shop's wall clock (its time zone), in date order: whether it takes bookings, its opening hours, its daily capacity and the appointments already holding a place. It lists no time slots, and is not paginated (no \`limit\` or \`cursor\`).\\n\\nDates: \`date\` alone; or \`start_date\` to \`end_date\` (inclusive); \`start_date\` alone reads 31 dates from it; \`end_date\` alone reads from today; nothing reads today. Today is the shop's, in its time zone. At most 92 dates at once: a longer range, an \`end_date\` before the first date, or \`date\` together with \`start_date\`/\`end_date\` is 400 \`invalid_request\` naming the parameter.\\n\\nA shop that has set no opening hours takes bookings on every date at any time, up to 100 a day (\`open_time\` and \`close_time\` null). Availability can change after it was read: a booking may still be refused with 409 and a \`shop_hours\` or \`technician_capacity\` blocker.",
        "tags": [
          "Appointments"
        ],
        "security": [
          {
            "bearerAuth": []
          }
        ],
        "x-required-scopes": [
          "appointments.read"
        ],
        "x-conditional-scopes": [],
        "parameters": [
          {
            "in": "query",
            "name": "date",
            "schema": {
              "format": "date",
              "description": "One shop-local date. Not together with \`start_date\` or \`end_date\`.",
              "example": "2026-03-14",
              "type": "string",
              "maxLength": 10
            },
            "description": "One shop-local date. Not together with \`start_date\` or \`end_date\`."
          },
          {
            "in": "query",
            "name": "start_date",
            "schema": {
              "format": "date",
              "description": "First date of the range (inclusive). Alone: 31 dates from it. Without it: from today in the shop's time zone.",
              "example": "2026-03-14",
              "type": "string",
              "maxLength": 10
            },
            "description": "First date of the range (inclusive). Alone: 31 dates from it. Without it: from today in the shop's time zone."
          },
          {
            "in": "query",
            "name": "end_date",
            "schema": {
              "format": "date",
              "description": "Last date of the range (inclusive). Without \`start_date\`: from today. A range holds at most 92 dates.",
              "example": "2026-03-14",
              "x-shopapi-narrowing": "Narrower than the contract, which states no limit: a range holds at most 92 dates (a quarter), because the answer is one unpaginated list (the contract gives availability no paging) computed from every date's hours, closures, capacity and bookings; a wider calendar is read a quarter at a time. \`end_date\` alone counts from today, so an \`end_date\` before today needs a \`start_date\`: without one the range would have no first date the shop's calendar can stand for. Past dates themselves are answered (with the bookings they held) when \`start_date\` names them.",
              "type": "string",
              "maxLength": 10
            },
            "description": "Last date of the range (inclusive). Without \`start_date\`: from today. A range holds at most 92 dates."
          }
        ],
        "responses": {
          "200": {
            "description": "One entry per date",
            "headers": {
              "X-Request-Id": {
                "$ref": "#/components/headers/X-Request-Id"
              },
              "Cache-Control": {
                "$ref": "#/components/headers/Cache-Control"
              },
              "RateLimit-Limit": {
                "$ref": "#/components/headers/RateLimit-Limit"
              },
              "RateLimit-Remaining": {
                "$ref": "#/components/headers/RateLimit-Remaining"
              },
              "RateLimit-Reset": {
                "$ref": "#/components/headers/RateLimit-Reset"
              }
            },
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/AvailabilityList"
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/Error400"
          },
          "401": {
            "$ref": "#/components/responses/Error401"
          },
          "403": {
            "$ref": "#/components/responses/Error403"
          },
          "404": {
            "$ref": "#/components/responses/Error404"
          },
          "409": {
            "$ref": "#/components/responses/Error409"
          },
          "422": {
            "$ref": "#/components/responses/Error422"
          },
          "429": {
            "$ref": "#/components/responses/Error429"
          },
          "500": {
            "$ref": "#/components/responses/Error500"
          },
          "502": {
            "$ref": "#/components/responses/Error502"
          },
          "503": {
            "$ref": "#/components/responses/Error503"
          },
          "504": {
            "$ref": "#/components/responses/Error504"
          }
        }
      }
    },
    "/appointments": {
      "get": {
        "operationId": "listAppointments",
        "summary": "List appointments",
        "description": "Newest first by \`sort\` (default \`created_at\`). \`scheduled_date_from\` and \`scheduled_date_to\` are shop-local dates, both inclusive; \`updated_after\` is strict. An unknown customer, vehicle or technician id finds nothing.",
        "tags": [
          "Appointments"
        ],
        "security": [
          {
            "bearerAuth": []
          }
        ],
        "x-required-scopes": [
          "appointments.read"
        ],
        "x-conditional-scopes": [],
        "parameters": [
          {
            "in": "query",
            "name": "limit",
            "schema": {
              "description": "Page size, 1-200, in plain decimal digits",
              "example": 50,
              "type": "integer",
              "minimum": 1,
              "maximum": 200,
              "default": 50
            },
            "description": "Page size, 1-200, in plain decimal digits"
          },
          {
            "in": "query",
            "name": "cursor",
            "schema": {
              "description": "The \`next_cursor\` of the previous page; the other parameters must not change",
              "maxLength": 1000,
              "type": "string"
            },
            "description": "The \`next_cursor\` of the previous page; the other parameters must not change"
          },
          {
            "in": "query",
            "name": "scheduled_date_from",
            "schema": {
              "description": "Only appointments on or after this date",
              "type": "string",
              "maxLength": 10,
              "format": "date",
              "pattern": "^\\\\d{4}-\\\\d{2}-\\\\d{2}$",
              "example": "2026-03-14"
            },
            "description": "Only appointments on or after this date"
          },
          {
            "in": "query",
            "name": "scheduled_date_to",
            "schema": {
              "description": "Only appointments on or before this date",
              "type": "string",
              "maxLength": 10,
              "format": "date",
              "pattern": "^\\\\d{4}-\\\\d{2}-\\\\d{2}$",
              "example": "2026-03-14"
            },
            "description": "Only appointments on or before this date"
          },
          {
            "in": "query",
            "name": "status",
            "schema": {
              "type": "string",
              "enum": [
                "requested",
                "booked",
                "arrived",
                "fulfilled",
                "cancelled",
                "no_show"
              ]
            }
          },
          {
            "in": "query",
            "name": "customer",
            "schema": {
              "type": "string",
              "description": "Only this customer's appointments (a cus_ id)",
              "pattern": "^cus_[0-9A-Za-z]{1,64}$",
              "maxLength": 68,
              "example": "cus_4bW2yXk0fT9QmZr7LcVd1p"
            }
          },
          {
            "in": "query",
            "name": "vehicle",
            "schema": {
              "type": "string",
              "description": "Only this vehicle's appointments (a veh_ id)",
              "pattern": "^veh_[0-9A-Za-z]{1,64}$",
              "maxLength": 68,
              "example": "veh_4bW2yXk0fT9QmZr7LcVd1p"
            }
          },
          {
            "in": "query",
            "name": "technician",
            "schema": {
              "type": "string",
              "description": "Only this technician's appointments (a tech_ id)",
              "pattern": "^tech_[0-9A-Za-z]{1,64}$",
              "maxLength": 69,
              "example": "tech_4bW2yXk0fT9QmZr7LcVd1p"
            }
          },
          {
            "in": "query",
            "name": "updated_after",
            "schema": {
              "description": "Only appointments updated strictly after this",
              "format": "date-time",
              "pattern": "^(\\\\d{4})-(\\\\d{2})-(\\\\d{2})[Tt](\\\\d{2}):(\\\\d{2}):(\\\\d{2})(\\\\.\\\\d{1,9})?(?:[Zz]|[+-](\\\\d{2}):(\\\\d{2}))$",
              "example": "2026-01-31T09:04:05-06:00",
              "type": "string",
              "maxLength": 40
            },
            "description": "Only appointments updated strictly after this"
          },
          {
            "in": "query",
            "name": "sort",
            "schema": {
              "default": "created_at",
              "description": "Newest first by this column; ties broken by id",
              "type": "string",
              "enum": [
                "created_at",
                "updated_at"
              ]
            },
            "description": "Newest first by this column; ties broken by id"
          }
        ],
        "responses": {
          "200": {
            "description": "A page of appointments",
            "headers": {
              "X-Request-Id": {
                "$ref": "#/components/headers/X-Request-Id"
              },
              "Cache-Control": {
                "$ref": "#/components/headers/Cache-Control"
              },
              "RateLimit-Limit": {
                "$ref": "#/components/headers/RateLimit-Limit"
              },
              "RateLimit-Remaining": {
                "$ref": "#/components/headers/RateLimit-Remaining"
              },
              "RateLimit-Reset": {
                "$ref": "#/components/headers/RateLimit-Reset"
              }
            },
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/AppointmentList"
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/Error400"
          },
          "401": {
            "$ref": "#/components/responses/Error401"
          },
          "403": {
            "$ref": "#/components/responses/Error403"
          },
          "404": {
            "$ref": "#/components/responses/Error404"
          },
          "409": {
            "$ref": "#/components/responses/Error409"
          },
          "422": {
            "$ref": "#/components/responses/Error422"
          },
          "429": {
            "$ref": "#/components/responses/Error429"
          },
          "500": {
            "$ref": "#/components/responses/Error500"
          },
          "502": {
            "$ref": "#/components/responses/Error502"
          },
          "503": {
            "$ref": "#/components/responses/Error503"
          },
          "504": {
            "$ref": "#/components/responses/Error504"
          }
        }
      },
      "post": {
        "operationId": "createAppointment",
        "summary": "Book an appointment",
        "description": "\`date\` and \`time\` are read on the wall clock of the shop's time zone (the appointment's \`timezone\`); \`starts_at\` is the resolved instant. A time the clocks skip is 400 naming the gap; a time they show twice (fall back) needs \`utc_offset\`, else 400 naming both offsets. A slot outside the shop's hours, on a closed day or on a full day is 409 \`conflict\` with a \`shop_hours\` blocker; a technician who is full that day, a \`technician_capacity\` blocker. The new appointment is \`booked\`, or \`requested\` when the shop confirms bookings itself.",
        "tags": [
          "Appointments"
        ],
        "security": [
          {
            "bearerAuth": []
          }
        ],
        "x-required-scopes": [
          "appointments.read",
          "appointments.write"
        ],
        "x-conditional-scopes": [],
        "parameters": [
          {
            "in": "header",
            "name": "Idempotency-Key",
            "schema": {
              "type": "string",
              "minLength": 1,
              "maxLength": 255,
              "pattern": "^[\\\\x21-\\\\x7e]+$",
              "description": "Makes a retry safe: the same key with the same body replays the first result for 7 days (with \`Idempotent-Replayed: true\`), redacted for the scopes the integration has at the replay; the key with a different body is 422 \`idempotency_key_reused\` for 30 days. The result is whatever the operation answered, its own refusals included (a 409 blocker, a 404, its 400s such as \`no_changes\`); a request refused before the operation ran (authentication, scopes, throttling, body validation) or with a 5xx binds nothing. Scoped to the integration. 1-255 visible ASCII characters; a UUID is ideal.",
              "example": "5f0c8e2a-3b1d-4c8e-9a57-2f6f1f3c9b10"
            },
            "required": true,
            "description": "Makes a retry safe: the same key with the same body replays the first result for 7 days (with \`Idempotent-Replayed: true\`), redacted for the scopes the integration has at the replay; the key with a different body is 422 \`idempotency_key_reused\` for 30 days. The result is whatever the operation answered, its own refusals included (a 409 blocker, a 404, its 400s such as \`no_changes\`); a request refused before the operation ran (authentication, scopes, throttling, body validation) or with a 5xx binds nothing. Scoped to the integration. 1-255 visible ASCII characters; a UUID is ideal."
          }
        ],
        "requestBody": {
          "required": true,
          "content": {
            "application/json": {
              "schema": {
                "$ref": "#/components/schemas/AppointmentCreate"
              }
            }
          }
        },
        "responses": {
          "201": {
            "description": "The new appointment",
            "headers": {
              "Idempotent-Replayed": {
                "$ref": "#/components/headers/Idempotent-Replayed"
              },
              "X-Request-Id": {
                "$ref": "#/components/headers/X-Request-Id"
              },
              "Cache-Control": {
                "$ref": "#/components/headers/Cache-Control"
              },
              "RateLimit-Limit": {
                "$ref": "#/components/headers/RateLimit-Limit"
              },
              "RateLimit-Remaining": {
                "$ref": "#/components/headers/RateLimit-Remaining"
              },
              "RateLimit-Reset": {
                "$ref": "#/components/headers/RateLimit-Reset"
              }
            },
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Appointment"
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/Error400"
          },
          "401": {
            "$ref": "#/components/responses/Error401"
          },
          "403": {
            "$ref": "#/components/responses/Error403"
          },
          "404": {
            "$ref": "#/components/responses/Error404"
          },
          "409": {
            "$ref": "#/components/responses/Error409"
          },
          "413": {
            "$ref": "#/components/responses/Error413"
          },
          "422": {
            "$ref": "#/components/responses/Error422"
          },
          "429": {
            "$ref": "#/components/responses/Error429"
          },
          "500": {
            "$ref": "#/components/responses/Error500"
          },
          "502": {
            "$ref": "#/components/responses/Error502"
          },
          "503": {
            "$ref": "#/components/responses/Error503"
          },
          "504": {
            "$ref": "#/components/responses/Error504"
          }
        }
      }
    },
    "/appointments/{public_id}": {
      "get": {
        "operationId": "getAppointment",
        "summary": "Get an appointment",
        "description": "Cancelled and no-show appointments are still returned; \`available_actions\` lists the moves open now.",
        "tags": [
          "Appointments"
        ],
        "security": [
          {
            "bearerAuth": []
          }
        ],
        "x-required-scopes": [
          "appointments.read"
        ],
        "x-conditional-scopes": [],
        "parameters": [
          {
            "in": "path",
            "name": "public_id",
            "schema": {
              "type": "string",
              "description": "A appt_ id",
              "pattern": "^appt_[0-9A-Za-z]{1,64}$",
              "maxLength": 69,
              "example": "appt_4bW2yXk0fT9QmZr7LcVd1p"
            },
            "required": true,
            "description": "A appt_ id"
          }
        ],
        "responses": {
          "200": {
            "description": "The appointment",
            "headers": {
              "X-Request-Id": {
                "$ref": "#/components/headers/X-Request-Id"
              },
              "Cache-Control": {
                "$ref": "#/components/headers/Cache-Control"
              },
              "RateLimit-Limit": {
                "$ref": "#/components/headers/RateLimit-Limit"
              },
              "RateLimit-Remaining": {
                "$ref": "#/components/headers/RateLimit-Remaining"
              },
              "RateLimit-Reset": {
                "$ref": "#/components/headers/RateLimit-Reset"
              }
            },
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Appointment"
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/Error400"
          },
          "401": {
            "$ref": "#/components/responses/Error401"
          },
          "403": {
            "$ref": "#/components/responses/Error403"
          },
          "404": {
            "$ref": "#/components/responses/Error404"
          },
          "409": {
            "$ref": "#/components/responses/Error409"
          },
          "422": {
            "$ref": "#/components/responses/Error422"
          },
          "429": {
            "$ref": "#/components/responses/Error429"
          },
          "500": {
            "$ref": "#/components/responses/Error500"
          },
          "502": {
            "$ref": "#/components/responses/Error502"
          },
          "503": {
            "$ref": "#/components/responses/Error503"
          },
          "504": {
            "$ref": "#/components/responses/Error504"
          }
        }
      },
      "patch": {
        "operationId": "updateAppointment",
        "summary": "Update an appointment",
        "description": "Presence-aware. A new date, time, duration or technician is checked like a booking (409 with blockers when it does not fit; the appointment does not count against itself) and is possible while the appointment is requested or booked; notes and reason change until it is fulfilled, cancelled or a no-show (then 409). A stale \`expected_version\` is 409 \`version_conflict\`.",
        "tags": [
          "Appointments"
        ],
        "security": [
          {
            "bearerAuth": []
          }
        ],
        "x-required-scopes": [
          "appointments.read",
          "appointments.write"
        ],
        "x-conditional-scopes": [],
        "parameters": [
          {
            "in": "path",
            "name": "public_id",
            "schema": {
              "type": "string",
              "description": "A appt_ id",
              "pattern": "^appt_[0-9A-Za-z]{1,64}$",
              "maxLength": 69,
              "example": "appt_4bW2yXk0fT9QmZr7LcVd1p"
            },
            "required": true,
            "description": "A appt_ id"
          },
          {
            "in": "header",
            "name": "Idempotency-Key",
            "schema": {
              "type": "string",
              "minLength": 1,
              "maxLength": 255,
              "pattern": "^[\\\\x21-\\\\x7e]+$",
              "description": "Makes a retry safe: the same key with the same body replays the first result for 7 days (with \`Idempotent-Replayed: true\`), redacted for the scopes the integration has at the replay; the key with a different body is 422 \`idempotency_key_reused\` for 30 days. The result is whatever the operation answered, its own refusals included (a 409 blocker, a 404, its 400s such as \`no_changes\`); a request refused before the operation ran (authentication, scopes, throttling, body validation) or with a 5xx binds nothing. Scoped to the integration. 1-255 visible ASCII characters; a UUID is ideal.",
              "example": "5f0c8e2a-3b1d-4c8e-9a57-2f6f1f3c9b10"
            }
          }
        ],
        "requestBody": {
          "required": true,
          "content": {
            "application/json": {
              "schema": {
                "$ref": "#/components/schemas/AppointmentUpdate"
              }
            }
          }
        },
        "responses": {
          "200": {
            "description": "The updated appointment",
            "headers": {
              "Idempotent-Replayed": {
                "$ref": "#/components/headers/Idempotent-Replayed"
              },
              "X-Request-Id": {
                "$ref": "#/components/headers/X-Request-Id"
              },
              "Cache-Control": {
                "$ref": "#/components/headers/Cache-Control"
              },
              "RateLimit-Limit": {
                "$ref": "#/components/headers/RateLimit-Limit"
              },
              "RateLimit-Remaining": {
                "$ref": "#/components/headers/RateLimit-Remaining"
              },
              "RateLimit-Reset": {
                "$ref": "#/components/headers/RateLimit-Reset"
              }
            },
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Appointment"
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/Error400"
          },
          "401": {
            "$ref": "#/components/responses/Error401"
          },
          "403": {
            "$ref": "#/components/responses/Error403"
          },
          "404": {
            "$ref": "#/components/responses/Error404"
          },
          "409": {
            "$ref": "#/components/responses/Error409"
          },
          "413": {
            "$ref": "#/components/responses/Error413"
          },
          "422": {
            "$ref": "#/components/responses/Error422"
          },
          "429": {
            "$ref": "#/components/responses/Error429"
          },
          "500": {
            "$ref": "#/components/responses/Error500"
          },
          "502": {
            "$ref": "#/components/responses/Error502"
          },
          "503": {
            "$ref": "#/components/responses/Error503"
          },
          "504": {
            "$ref": "#/components/responses/Error504"
          }
        }
      }
    },
    "/appointments/{public_id}/cancel": {
      "post": {
        "operationId": "cancelAppointment",
        "summary": "Cancel an appointment",
        "description": "Available (\`cancel\` in \`available_actions\`) while the appointment is requested, booked or arrived; it becomes \`cancelled\` with \`cancelled_at\` and \`status_reason\`. Otherwise 409 \`conflict\` with a blocker.",
        "tags": [
          "Appointments"
        ],
        "security": [
          {
            "bearerAuth": []
          }
        ],
        "x-required-scopes": [
          "appointments.read",
          "appointments.write"
        ],
        "x-conditional-scopes": [],
        "parameters": [
          {
            "in": "path",
            "name": "public_id",
            "schema": {
              "type": "string",
              "description": "A appt_ id",
              "pattern": "^appt_[0-9A-Za-z]{1,64}$",
              "maxLength": 69,
              "example": "appt_4bW2yXk0fT9QmZr7LcVd1p"
            },
            "required": true,
            "description": "A appt_ id"
          },
          {
            "in": "header",
            "name": "Idempotency-Key",
            "schema": {
              "type": "string",
              "minLength": 1,
              "maxLength": 255,
              "pattern": "^[\\\\x21-\\\\x7e]+$",
              "description": "Makes a retry safe: the same key with the same body replays the first result for 7 days (with \`Idempotent-Replayed: true\`), redacted for the scopes the integration has at the replay; the key with a different body is 422 \`idempotency_key_reused\` for 30 days. The result is whatever the operation answered, its own refusals included (a 409 blocker, a 404, its 400s such as \`no_changes\`); a request refused before the operation ran (authentication, scopes, throttling, body validation) or with a 5xx binds nothing. Scoped to the integration. 1-255 visible ASCII characters; a UUID is ideal.",
              "example": "5f0c8e2a-3b1d-4c8e-9a57-2f6f1f3c9b10"
            },
            "required": true,
            "description": "Makes a retry safe: the same key with the same body replays the first result for 7 days (with \`Idempotent-Replayed: true\`), redacted for the scopes the integration has at the replay; the key with a different body is 422 \`idempotency_key_reused\` for 30 days. The result is whatever the operation answered, its own refusals included (a 409 blocker, a 404, its 400s such as \`no_changes\`); a request refused before the operation ran (authentication, scopes, throttling, body validation) or with a 5xx binds nothing. Scoped to the integration. 1-255 visible ASCII characters; a UUID is ideal."
          }
        ],
        "requestBody": {
          "required": false,
          "content": {
            "application/json": {
              "schema": {
                "$ref": "#/components/schemas/AppointmentCancel"
              }
            }
          }
        },
        "responses": {
          "200": {
            "description": "The cancelled appointment",
            "headers": {
              "Idempotent-Replayed": {
                "$ref": "#/components/headers/Idempotent-Replayed"
              },
              "X-Request-Id": {
                "$ref": "#/components/headers/X-Request-Id"
              },
              "Cache-Control": {
                "$ref": "#/components/headers/Cache-Control"
              },
              "RateLimit-Limit": {
                "$ref": "#/components/headers/RateLimit-Limit"
              },
              "RateLimit-Remaining": {
                "$ref": "#/components/headers/RateLimit-Remaining"
              },
              "RateLimit-Reset": {
                "$ref": "#/components/headers/RateLimit-Reset"
              }
            },
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Appointment"
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/Error400"
          },
          "401": {
            "$ref": "#/components/responses/Error401"
          },
          "403": {
            "$ref": "#/components/responses/Error403"
          },
          "404": {
            "$ref": "#/components/responses/Error404"
          },
          "409": {
            "$ref": "#/components/responses/Error409"
          },
          "413": {
            "$ref": "#/components/responses/Error413"
          },
          "422": {
            "$ref": "#/components/responses/Error422"
          },
          "429": {
            "$ref": "#/components/responses/Error429"
          },
          "500": {
            "$ref": "#/components/responses/Error500"
          },
          "502": {
            "$ref": "#/components/responses/Error502"
          },
          "503": {
            "$ref": "#/components/responses/Error503"
          },
          "504": {
            "$ref": "#/components/responses/Error504"
          }
        }
      }
    },
    "/appointments/{public_id}/check-in": {
      "post": {
        "operationId": "checkInAppointment",
        "summary": "Check in an appointment",
        "description": "The customer is at the shop: available (\`check_in\` in \`available_actions\`) while the appointment is requested or booked; it becomes \`arrived\` with \`arrived_at\`. Otherwise 409 \`conflict\` with a blocker. No body.",
        "tags": [
          "Appointments"
        ],
        "security": [
          {
            "bearerAuth": []
          }
        ],
        "x-required-scopes": [
          "appointments.read",
          "appointments.write"
        ],
        "x-conditional-scopes": [],
        "parameters": [
          {
            "in": "path",
            "name": "public_id",
            "schema": {
              "type": "string",
              "description": "A appt_ id",
              "pattern": "^appt_[0-9A-Za-z]{1,64}$",
              "maxLength": 69,
              "example": "appt_4bW2yXk0fT9QmZr7LcVd1p"
            },
            "required": true,
            "description": "A appt_ id"
          },
          {
            "in": "header",
            "name": "Idempotency-Key",
            "schema": {
              "type": "string",
              "minLength": 1,
              "maxLength": 255,
              "pattern": "^[\\\\x21-\\\\x7e]+$",
              "description": "Makes a retry safe: the same key with the same body replays the first result for 7 days (with \`Idempotent-Replayed: true\`), redacted for the scopes the integration has at the replay; the key with a different body is 422 \`idempotency_key_reused\` for 30 days. The result is whatever the operation answered, its own refusals included (a 409 blocker, a 404, its 400s such as \`no_changes\`); a request refused before the operation ran (authentication, scopes, throttling, body validation) or with a 5xx binds nothing. Scoped to the integration. 1-255 visible ASCII characters; a UUID is ideal.",
              "example": "5f0c8e2a-3b1d-4c8e-9a57-2f6f1f3c9b10"
            },
            "required": true,
            "description": "Makes a retry safe: the same key with the same body replays the first result for 7 days (with \`Idempotent-Replayed: true\`), redacted for the scopes the integration has at the replay; the key with a different body is 422 \`idempotency_key_reused\` for 30 days. The result is whatever the operation answered, its own refusals included (a 409 blocker, a 404, its 400s such as \`no_changes\`); a request refused before the operation ran (authentication, scopes, throttling, body validation) or with a 5xx binds nothing. Scoped to the integration. 1-255 visible ASCII characters; a UUID is ideal."
          }
        ],
        "responses": {
          "200": {
            "description": "The arrived appointment",
            "headers": {
              "Idempotent-Replayed": {
                "$ref": "#/components/headers/Idempotent-Replayed"
              },
              "X-Request-Id": {
                "$ref": "#/components/headers/X-Request-Id"
              },
              "Cache-Control": {
                "$ref": "#/components/headers/Cache-Control"
              },
              "RateLimit-Limit": {
                "$ref": "#/components/headers/RateLimit-Limit"
              },
              "RateLimit-Remaining": {
                "$ref": "#/components/headers/RateLimit-Remaining"
              },
              "RateLimit-Reset": {
                "$ref": "#/components/headers/RateLimit-Reset"
              }
            },
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Appointment"
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/Error400"
          },
          "401": {
            "$ref": "#/components/responses/Error401"
          },
          "403": {
            "$ref": "#/components/responses/Error403"
          },
          "404": {
            "$ref": "#/components/responses/Error404"
          },
          "409": {
            "$ref": "#/components/responses/Error409"
          },
          "413": {
            "$ref": "#/components/responses/Error413"
          },
          "422": {
            "$ref": "#/components/responses/Error422"
          },
          "429": {
            "$ref": "#/components/responses/Error429"
          },
          "500": {
            "$ref": "#/components/responses/Error500"
          },
          "502": {
            "$ref": "#/components/responses/Error502"
          },
          "503": {
            "$ref": "#/components/responses/Error503"
          },
          "504": {
            "$ref": "#/components/responses/Error504"
          }
        }
      }
    },
    "/appointments/{public_id}/repair-order": {
      "post": {
        "operationId": "convertAppointment",
        "summary": "Convert an appointment to a repair order",
        "description": "A booked or arrived appointment with a vehicle becomes a repair order (\`scheduled\`, or \`checked_in\` once arrived) whose \`origin_appointment_id\` is the appointment and whose concern is the appointment's reason; the appointment keeps its status and shows the order in \`repair_order_id\` (a booked customer can still be checked in, which checks the order in too, or cancel). 201 with the new order; 200 with the same order when the appointment was already converted (whatever the Idempotency-Key), so one appointment never makes two orders. A requested, cancelled or no-show appointment, or one without a vehicle, is 409 \`conflict\` with a blocker.",
        "tags": [
          "Appointments"
        ],
        "security": [
          {
            "bearerAuth": []
          }
        ],
        "x-required-scopes": [
          "appointments.read",
          "appointments.write",
          "repair_orders.read",
          "repair_orders.write"
        ],
        "x-conditional-scopes": [
          "pricing.read"
        ],
        "parameters": [
          {
            "in": "path",
            "name": "public_id",
            "schema": {
              "type": "string",
              "description": "A appt_ id",
              "pattern": "^appt_[0-9A-Za-z]{1,64}$",
              "maxLength": 69,
              "example": "appt_4bW2yXk0fT9QmZr7LcVd1p"
            },
            "required": true,
            "description": "A appt_ id"
          },
          {
            "in": "header",
            "name": "Idempotency-Key",
            "schema": {
              "type": "string",
              "minLength": 1,
              "maxLength": 255,
              "pattern": "^[\\\\x21-\\\\x7e]+$",
              "description": "Makes a retry safe: the same key with the same body replays the first result for 7 days (with \`Idempotent-Replayed: true\`), redacted for the scopes the integration has at the replay; the key with a different body is 422 \`idempotency_key_reused\` for 30 days. The result is whatever the operation answered, its own refusals included (a 409 blocker, a 404, its 400s such as \`no_changes\`); a request refused before the operation ran (authentication, scopes, throttling, body validation) or with a 5xx binds nothing. Scoped to the integration. 1-255 visible ASCII characters; a UUID is ideal.",
              "example": "5f0c8e2a-3b1d-4c8e-9a57-2f6f1f3c9b10"
            },
            "required": true,
            "description": "Makes a retry safe: the same key with the same body replays the first result for 7 days (with \`Idempotent-Replayed: true\`), redacted for the scopes the integration has at the replay; the key with a different body is 422 \`idempotency_key_reused\` for 30 days. The result is whatever the operation answered, its own refusals included (a 409 blocker, a 404, its 400s such as \`no_changes\`); a request refused before the operation ran (authentication, scopes, throttling, body validation) or with a 5xx binds nothing. Scoped to the integration. 1-255 visible ASCII characters; a UUID is ideal."
          }
        ],
        "requestBody": {
          "required": false,
          "content": {
            "application/json": {
              "schema": {
                "$ref": "#/components/schemas/AppointmentConversion"
              }
            }
          }
        },
        "responses": {
          "200": {
            "description": "Already converted: the same repair order",
            "headers": {
              "Idempotent-Replayed": {
                "$ref": "#/components/headers/Idempotent-Replayed"
              },
              "X-Request-Id": {
                "$ref": "#/components/headers/X-Request-Id"
              },
              "Cache-Control": {
                "$ref": "#/components/headers/Cache-Control"
              },
              "RateLimit-Limit": {
                "$ref": "#/components/headers/RateLimit-Limit"
              },
              "RateLimit-Remaining": {
                "$ref": "#/components/headers/RateLimit-Remaining"
              },
              "RateLimit-Reset": {
                "$ref": "#/components/headers/RateLimit-Reset"
              }
            },
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/ConvertedRepairOrder"
                }
              }
            }
          },
          "201": {
            "description": "The repair order it became",
            "headers": {
              "Idempotent-Replayed": {
                "$ref": "#/components/headers/Idempotent-Replayed"
              },
              "X-Request-Id": {
                "$ref": "#/components/headers/X-Request-Id"
              },
              "Cache-Control": {
                "$ref": "#/components/headers/Cache-Control"
              },
              "RateLimit-Limit": {
                "$ref": "#/components/headers/RateLimit-Limit"
              },
              "RateLimit-Remaining": {
                "$ref": "#/components/headers/RateLimit-Remaining"
              },
              "RateLimit-Reset": {
                "$ref": "#/components/headers/RateLimit-Reset"
              }
            },
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/ConvertedRepairOrder"
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/Error400"
          },
          "401": {
            "$ref": "#/components/responses/Error401"
          },
          "403": {
            "$ref": "#/components/responses/Error403"
          },
          "404": {
            "$ref": "#/components/responses/Error404"
          },
          "409": {
            "$ref": "#/components/responses/Error409"
          },
          "413": {
            "$ref": "#/components/responses/Error413"
          },
          "422": {
            "$ref": "#/components/responses/Error422"
          },
          "429": {
            "$ref": "#/components/responses/Error429"
          },
          "500": {
            "$ref": "#/components/responses/Error500"
          },
          "502": {
            "$ref": "#/components/responses/Error502"
          },
          "503": {
            "$ref": "#/components/responses/Error503"
          },
          "504": {
            "$ref": "#/components/responses/Error504"
          }
        }
      }
    },
    "/repair-orders": {
      "get": {
        "operationId": "listRepairOrders",
        "summary": "List repair orders",
        "description": "Newest first by \`sort\` (default \`created_at\`). Filters combine with AND; \`created_after\`, \`created_before\` and \`updated_after\` are strict. Jobs are not embedded: use \`GET /repair-orders/{id}/jobs\`.",
        "tags": [
          "Repair orders"
        ],
        "security": [
          {
            "bearerAuth": []
          }
        ],
        "x-required-scopes": [
          "repair_orders.read"
        ],
        "x-conditional-scopes": [
          "pricing.read"
        ],
        "parameters": [
          {
            "in": "query",
            "name": "limit",
            "schema": {
              "description": "Page size, 1-200, in plain decimal digits",
              "example": 50,
              "type": "integer",
              "minimum": 1,
              "maximum": 200,
              "default": 50
            },
            "description": "Page size, 1-200, in plain decimal digits"
          },
          {
            "in": "query",
            "name": "cursor",
            "schema": {
              "description": "The \`next_cursor\` of the previous page; the other parameters must not change",
              "maxLength": 1000,
              "type": "string"
            },
            "description": "The \`next_cursor\` of the previous page; the other parameters must not change"
          },
          {
            "in": "query",
            "name": "state",
            "schema": {
              "description": "One public state; \`unknown\` finds orders in internal states without a public value",
              "type": "string",
              "enum": [
                "scheduled",
                "checked_in",
                "estimating",
                "awaiting_authorization",
                "authorized",
                "in_progress",
                "waiting_for_parts",
                "quality_check",
                "completed",
                "ready_for_pickup",
                "invoiced",
                "paid",
                "picked_up",
                "closed",
                "cancelled",
                "unknown"
              ]
            },
            "description": "One public state; \`unknown\` finds orders in internal states without a public value"
          },
          {
            "in": "query",
            "name": "number",
            "schema": {
              "description": "The exact number, e.g. 1001",
              "type": "string",
              "minLength": 1,
              "maxLength": 20
            },
            "description": "The exact number, e.g. 1001"
          },
          {
            "in": "query",
            "name": "customer",
            "schema": {
              "type": "string",
              "description": "Only this customer's orders (a cus_ id)",
              "pattern": "^cus_[0-9A-Za-z]{1,64}$",
              "maxLength": 68,
              "example": "cus_4bW2yXk0fT9QmZr7LcVd1p"
            }
          },
          {
            "in": "query",
            "name": "vehicle",
            "schema": {
              "type": "string",
              "description": "Only this vehicle's orders (a veh_ id)",
              "pattern": "^veh_[0-9A-Za-z]{1,64}$",
              "maxLength": 68,
              "example": "veh_4bW2yXk0fT9QmZr7LcVd1p"
            }
          },
          {
            "in": "query",
            "name": "external_id",
            "schema": {
              "description": "This integration's external id",
              "type": "string",
              "minLength": 1,
              "maxLength": 255
            },
            "description": "This integration's external id"
          },
          {
            "in": "query",
            "name": "created_after",
            "schema": {
              "description": "Only orders created strictly after this instant",
              "format": "date-time",
              "pattern": "^(\\\\d{4})-(\\\\d{2})-(\\\\d{2})[Tt](\\\\d{2}):(\\\\d{2}):(\\\\d{2})(\\\\.\\\\d{1,9})?(?:[Zz]|[+-](\\\\d{2}):(\\\\d{2}))$",
              "example": "2026-01-31T09:04:05-06:00",
              "type": "string",
              "maxLength": 40
            },
            "description": "Only orders created strictly after this instant"
          },
          {
            "in": "query",
            "name": "created_before",
            "schema": {
              "description": "Only orders created strictly before this instant",
              "format": "date-time",
              "pattern": "^(\\\\d{4})-(\\\\d{2})-(\\\\d{2})[Tt](\\\\d{2}):(\\\\d{2}):(\\\\d{2})(\\\\.\\\\d{1,9})?(?:[Zz]|[+-](\\\\d{2}):(\\\\d{2}))$",
              "example": "2026-01-31T09:04:05-06:00",
              "type": "string",
              "maxLength": 40
            },
            "description": "Only orders created strictly before this instant"
          },
          {
            "in": "query",
            "name": "updated_after",
            "schema": {
              "description": "Only orders updated strictly after this instant",
              "format": "date-time",
              "pattern": "^(\\\\d{4})-(\\\\d{2})-(\\\\d{2})[Tt](\\\\d{2}):(\\\\d{2}):(\\\\d{2})(\\\\.\\\\d{1,9})?(?:[Zz]|[+-](\\\\d{2}):(\\\\d{2}))$",
              "example": "2026-01-31T09:04:05-06:00",
              "type": "string",
              "maxLength": 40
            },
            "description": "Only orders updated strictly after this instant"
          },
          {
            "in": "query",
            "name": "sort",
            "schema": {
              "default": "created_at",
              "description": "Newest first by this column; ties broken by id",
              "type": "string",
              "enum": [
                "created_at",
                "updated_at"
              ]
            },
            "description": "Newest first by this column; ties broken by id"
          }
        ],
        "responses": {
          "200": {
            "description": "A page of repair orders",
            "headers": {
              "X-Request-Id": {
                "$ref": "#/components/headers/X-Request-Id"
              },
              "Cache-Control": {
                "$ref": "#/components/headers/Cache-Control"
              },
              "RateLimit-Limit": {
                "$ref": "#/components/headers/RateLimit-Limit"
              },
              "RateLimit-Remaining": {
                "$ref": "#/components/headers/RateLimit-Remaining"
              },
              "RateLimit-Reset": {
                "$ref": "#/components/headers/RateLimit-Reset"
              }
            },
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/RepairOrderList"
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/Error400"
          },
          "401": {
            "$ref": "#/components/responses/Error401"
          },
          "403": {
            "$ref": "#/components/responses/Error403"
          },
          "404": {
            "$ref": "#/components/responses/Error404"
          },
          "409": {
            "$ref": "#/components/responses/Error409"
          },
          "422": {
            "$ref": "#/components/responses/Error422"
          },
          "429": {
            "$ref": "#/components/responses/Error429"
          },
          "500": {
            "$ref": "#/components/responses/Error500"
          },
          "502": {
            "$ref": "#/components/responses/Error502"
          },
          "503": {
            "$ref": "#/components/responses/Error503"
          },
          "504": {
            "$ref": "#/components/responses/Error504"
          }
        }
      },
      "post": {
        "operationId": "createRepairOrder",
        "summary": "Create a repair order",
        "description": "A walk-in order, state \`checked_in\`, numbered from the shop's sequence. The vehicle must belong to the customer (409 \`conflict\` naming the owner otherwise); a merged customer or vehicle is 409 naming the survivor, an archived one 409. \`tax_exempt\` defaults to the customer's.",
        "tags": [
          "Repair orders"
        ],
        "security": [
          {
            "bearerAuth": []
          }
        ],
        "x-required-scopes": [
          "repair_orders.read",
          "repair_orders.write"
        ],
        "x-conditional-scopes": [
          "pricing.read"
        ],
        "parameters": [
          {
            "in": "header",
            "name": "Idempotency-Key",
            "schema": {
              "type": "string",
              "minLength": 1,
              "maxLength": 255,
              "pattern": "^[\\\\x21-\\\\x7e]+$",
              "description": "Makes a retry safe: the same key with the same body replays the first result for 7 days (with \`Idempotent-Replayed: true\`), redacted for the scopes the integration has at the replay; the key with a different body is 422 \`idempotency_key_reused\` for 30 days. The result is whatever the operation answered, its own refusals included (a 409 blocker, a 404, its 400s such as \`no_changes\`); a request refused before the operation ran (authentication, scopes, throttling, body validation) or with a 5xx binds nothing. Scoped to the integration. 1-255 visible ASCII characters; a UUID is ideal.",
              "example": "5f0c8e2a-3b1d-4c8e-9a57-2f6f1f3c9b10"
            },
            "required": true,
            "description": "Makes a retry safe: the same key with the same body replays the first result for 7 days (with \`Idempotent-Replayed: true\`), redacted for the scopes the integration has at the replay; the key with a different body is 422 \`idempotency_key_reused\` for 30 days. The result is whatever the operation answered, its own refusals included (a 409 blocker, a 404, its 400s such as \`no_changes\`); a request refused before the operation ran (authentication, scopes, throttling, body validation) or with a 5xx binds nothing. Scoped to the integration. 1-255 visible ASCII characters; a UUID is ideal."
          }
        ],
        "requestBody": {
          "required": true,
          "content": {
            "application/json": {
              "schema": {
                "$ref": "#/components/schemas/RepairOrderCreate"
              }
            }
          }
        },
        "responses": {
          "201": {
            "description": "The new repair order",
            "headers": {
              "Idempotent-Replayed": {
                "$ref": "#/components/headers/Idempotent-Replayed"
              },
              "X-Request-Id": {
                "$ref": "#/components/headers/X-Request-Id"
              },
              "Cache-Control": {
                "$ref": "#/components/headers/Cache-Control"
              },
              "RateLimit-Limit": {
                "$ref": "#/components/headers/RateLimit-Limit"
              },
              "RateLimit-Remaining": {
                "$ref": "#/components/headers/RateLimit-Remaining"
              },
              "RateLimit-Reset": {
                "$ref": "#/components/headers/RateLimit-Reset"
              }
            },
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/RepairOrder"
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/Error400"
          },
          "401": {
            "$ref": "#/components/responses/Error401"
          },
          "403": {
            "$ref": "#/components/responses/Error403"
          },
          "404": {
            "$ref": "#/components/responses/Error404"
          },
          "409": {
            "$ref": "#/components/responses/Error409"
          },
          "413": {
            "$ref": "#/components/responses/Error413"
          },
          "422": {
            "$ref": "#/components/responses/Error422"
          },
          "429": {
            "$ref": "#/components/responses/Error429"
          },
          "500": {
            "$ref": "#/components/responses/Error500"
          },
          "502": {
            "$ref": "#/components/responses/Error502"
          },
          "503": {
            "$ref": "#/components/responses/Error503"
          },
          "504": {
            "$ref": "#/components/responses/Error504"
          }
        }
      }
    },
    "/repair-orders/{public_id}": {
      "get": {
        "operationId": "getRepairOrder",
        "summary": "Get a repair order",
        "description": "Without \`pricing.read\` the \`pricing\` is null and listed in \`redacted_fields\`; jobs are read from \`GET /repair-orders/{public_id}/jobs\`.",
        "tags": [
          "Repair orders"
        ],
        "security": [
          {
            "bearerAuth": []
          }
        ],
        "x-required-scopes": [
          "repair_orders.read"
        ],
        "x-conditional-scopes": [
          "pricing.read"
        ],
        "parameters": [
          {
            "in": "path",
            "name": "public_id",
            "schema": {
              "type": "string",
              "description": "A ro_ id",
              "pattern": "^ro_[0-9A-Za-z]{1,64}$",
              "maxLength": 67,
              "example": "ro_4bW2yXk0fT9QmZr7LcVd1p"
            },
            "required": true,
            "description": "A ro_ id"
          }
        ],
        "responses": {
          "200": {
            "description": "The repair order",
            "headers": {
              "X-Request-Id": {
                "$ref": "#/components/headers/X-Request-Id"
              },
              "Cache-Control": {
                "$ref": "#/components/headers/Cache-Control"
              },
              "RateLimit-Limit": {
                "$ref": "#/components/headers/RateLimit-Limit"
              },
              "RateLimit-Remaining": {
                "$ref": "#/components/headers/RateLimit-Remaining"
              },
              "RateLimit-Reset": {
                "$ref": "#/components/headers/RateLimit-Reset"
              }
            },
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/RepairOrder"
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/Error400"
          },
          "401": {
            "$ref": "#/components/responses/Error401"
          },
          "403": {
            "$ref": "#/components/responses/Error403"
          },
          "404": {
            "$ref": "#/components/responses/Error404"
          },
          "409": {
            "$ref": "#/components/responses/Error409"
          },
          "422": {
            "$ref": "#/components/responses/Error422"
          },
          "429": {
            "$ref": "#/components/responses/Error429"
          },
          "500": {
            "$ref": "#/components/responses/Error500"
          },
          "502": {
            "$ref": "#/components/responses/Error502"
          },
          "503": {
            "$ref": "#/components/responses/Error503"
          },
          "504": {
            "$ref": "#/components/responses/Error504"
          }
        },
        "x-shopapi-addition": true
      },
      "patch": {
        "operationId": "updateRepairOrder",
        "summary": "Update a repair order",
        "description": "Presence-aware: omitted fields are unchanged, null clears a nullable field. Editable: customer_concern, odometer_in, odometer_out, promised_at, is_comeback, tax_exempt (which reprices the jobs). A body that changes nothing is 400 \`no_changes\`; a stale \`expected_version\` is 409 \`version_conflict\`; an invoiced, paid, picked-up, closed or cancelled order is 409 \`conflict\`.",
        "tags": [
          "Repair orders"
        ],
        "security": [
          {
            "bearerAuth": []
          }
        ],
        "x-required-scopes": [
          "repair_orders.read",
          "repair_orders.write"
        ],
        "x-conditional-scopes": [
          "pricing.read"
        ],
        "parameters": [
          {
            "in": "path",
            "name": "public_id",
            "schema": {
              "type": "string",
              "description": "A ro_ id",
              "pattern": "^ro_[0-9A-Za-z]{1,64}$",
              "maxLength": 67,
              "example": "ro_4bW2yXk0fT9QmZr7LcVd1p"
            },
            "required": true,
            "description": "A ro_ id"
          },
          {
            "in": "header",
            "name": "Idempotency-Key",
            "schema": {
              "type": "string",
              "minLength": 1,
              "maxLength": 255,
              "pattern": "^[\\\\x21-\\\\x7e]+$",
              "description": "Makes a retry safe: the same key with the same body replays the first result for 7 days (with \`Idempotent-Replayed: true\`), redacted for the scopes the integration has at the replay; the key with a different body is 422 \`idempotency_key_reused\` for 30 days. The result is whatever the operation answered, its own refusals included (a 409 blocker, a 404, its 400s such as \`no_changes\`); a request refused before the operation ran (authentication, scopes, throttling, body validation) or with a 5xx binds nothing. Scoped to the integration. 1-255 visible ASCII characters; a UUID is ideal.",
              "example": "5f0c8e2a-3b1d-4c8e-9a57-2f6f1f3c9b10"
            }
          }
        ],
        "requestBody": {
          "required": true,
          "content": {
            "application/json": {
              "schema": {
                "$ref": "#/components/schemas/RepairOrderUpdate"
              }
            }
          }
        },
        "responses": {
          "200": {
            "description": "The updated repair order",
            "headers": {
              "Idempotent-Replayed": {
                "$ref": "#/components/headers/Idempotent-Replayed"
              },
              "X-Request-Id": {
                "$ref": "#/components/headers/X-Request-Id"
              },
              "Cache-Control": {
                "$ref": "#/components/headers/Cache-Control"
              },
              "RateLimit-Limit": {
                "$ref": "#/components/headers/RateLimit-Limit"
              },
              "RateLimit-Remaining": {
                "$ref": "#/components/headers/RateLimit-Remaining"
              },
              "RateLimit-Reset": {
                "$ref": "#/components/headers/RateLimit-Reset"
              }
            },
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/RepairOrder"
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/Error400"
          },
          "401": {
            "$ref": "#/components/responses/Error401"
          },
          "403": {
            "$ref": "#/components/responses/Error403"
          },
          "404": {
            "$ref": "#/components/responses/Error404"
          },
          "409": {
            "$ref": "#/components/responses/Error409"
          },
          "413": {
            "$ref": "#/components/responses/Error413"
          },
          "422": {
            "$ref": "#/components/responses/Error422"
          },
          "429": {
            "$ref": "#/components/responses/Error429"
          },
          "500": {
            "$ref": "#/components/responses/Error500"
          },
          "502": {
            "$ref": "#/components/responses/Error502"
          },
          "503": {
            "$ref": "#/components/responses/Error503"
          },
          "504": {
            "$ref": "#/components/responses/Error504"
          }
        }
      }
    },
    "/repair-orders/{public_id}/external-id": {
      "put": {
        "operationId": "setRepairOrderExternalId",
        "summary": "Set this integration's external id of a repair order",
        "description": "Replaces any previous external id this integration set on the record. Private to the integration; an id already on another record of the type is 409 \`conflict\` with the blocker reason \`external_id_in_use\`.",
        "tags": [
          "Repair orders"
        ],
        "security": [
          {
            "bearerAuth": []
          }
        ],
        "x-required-scopes": [
          "repair_orders.read",
          "external_refs.write"
        ],
        "x-conditional-scopes": [],
        "parameters": [
          {
            "in": "path",
            "name": "public_id",
            "schema": {
              "type": "string",
              "description": "A ro_ id",
              "pattern": "^ro_[0-9A-Za-z]{1,64}$",
              "maxLength": 67,
              "example": "ro_4bW2yXk0fT9QmZr7LcVd1p"
            },
            "required": true,
            "description": "A ro_ id"
          },
          {
            "in": "header",
            "name": "Idempotency-Key",
            "schema": {
              "type": "string",
              "minLength": 1,
              "maxLength": 255,
              "pattern": "^[\\\\x21-\\\\x7e]+$",
              "description": "Makes a retry safe: the same key with the same body replays the first result for 7 days (with \`Idempotent-Replayed: true\`), redacted for the scopes the integration has at the replay; the key with a different body is 422 \`idempotency_key_reused\` for 30 days. The result is whatever the operation answered, its own refusals included (a 409 blocker, a 404, its 400s such as \`no_changes\`); a request refused before the operation ran (authentication, scopes, throttling, body validation) or with a 5xx binds nothing. Scoped to the integration. 1-255 visible ASCII characters; a UUID is ideal.",
              "example": "5f0c8e2a-3b1d-4c8e-9a57-2f6f1f3c9b10"
            }
          }
        ],
        "requestBody": {
          "required": true,
          "content": {
            "application/json": {
              "schema": {
                "$ref": "#/components/schemas/ExternalIdRequest"
              }
            }
          }
        },
        "responses": {
          "200": {
            "description": "The external reference",
            "headers": {
              "Idempotent-Replayed": {
                "$ref": "#/components/headers/Idempotent-Replayed"
              },
              "X-Request-Id": {
                "$ref": "#/components/headers/X-Request-Id"
              },
              "Cache-Control": {
                "$ref": "#/components/headers/Cache-Control"
              },
              "RateLimit-Limit": {
                "$ref": "#/components/headers/RateLimit-Limit"
              },
              "RateLimit-Remaining": {
                "$ref": "#/components/headers/RateLimit-Remaining"
              },
              "RateLimit-Reset": {
                "$ref": "#/components/headers/RateLimit-Reset"
              }
            },
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/ExternalReference"
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/Error400"
          },
          "401": {
            "$ref": "#/components/responses/Error401"
          },
          "403": {
            "$ref": "#/components/responses/Error403"
          },
          "404": {
            "$ref": "#/components/responses/Error404"
          },
          "409": {
            "$ref": "#/components/responses/Error409"
          },
          "413": {
            "$ref": "#/components/responses/Error413"
          },
          "422": {
            "$ref": "#/components/responses/Error422"
          },
          "429": {
            "$ref": "#/components/responses/Error429"
          },
          "500": {
            "$ref": "#/components/responses/Error500"
          },
          "502": {
            "$ref": "#/components/responses/Error502"
          },
          "503": {
            "$ref": "#/components/responses/Error503"
          },
          "504": {
            "$ref": "#/components/responses/Error504"
          }
        }
      },
      "delete": {
        "operationId": "deleteRepairOrderExternalId",
        "summary": "Remove this integration's external id from a repair order",
        "description": "Answers with \`external_id: null\`, also when none was set.",
        "tags": [
          "Repair orders"
        ],
        "security": [
          {
            "bearerAuth": []
          }
        ],
        "x-required-scopes": [
          "repair_orders.read",
          "external_refs.write"
        ],
        "x-conditional-scopes": [],
        "parameters": [
          {
            "in": "path",
            "name": "public_id",
            "schema": {
              "type": "string",
              "description": "A ro_ id",
              "pattern": "^ro_[0-9A-Za-z]{1,64}$",
              "maxLength": 67,
              "example": "ro_4bW2yXk0fT9QmZr7LcVd1p"
            },
            "required": true,
            "description": "A ro_ id"
          },
          {
            "in": "header",
            "name": "Idempotency-Key",
            "schema": {
              "type": "string",
              "minLength": 1,
              "maxLength": 255,
              "pattern": "^[\\\\x21-\\\\x7e]+$",
              "description": "Makes a retry safe: the same key with the same body replays the first result for 7 days (with \`Idempotent-Replayed: true\`), redacted for the scopes the integration has at the replay; the key with a different body is 422 \`idempotency_key_reused\` for 30 days. The result is whatever the operation answered, its own refusals included (a 409 blocker, a 404, its 400s such as \`no_changes\`); a request refused before the operation ran (authentication, scopes, throttling, body validation) or with a 5xx binds nothing. Scoped to the integration. 1-255 visible ASCII characters; a UUID is ideal.",
              "example": "5f0c8e2a-3b1d-4c8e-9a57-2f6f1f3c9b10"
            }
          }
        ],
        "responses": {
          "200": {
            "description": "The external reference, now empty",
            "headers": {
              "Idempotent-Replayed": {
                "$ref": "#/components/headers/Idempotent-Replayed"
              },
              "X-Request-Id": {
                "$ref": "#/components/headers/X-Request-Id"
              },
              "Cache-Control": {
                "$ref": "#/components/headers/Cache-Control"
              },
              "RateLimit-Limit": {
                "$ref": "#/components/headers/RateLimit-Limit"
              },
              "RateLimit-Remaining": {
                "$ref": "#/components/headers/RateLimit-Remaining"
              },
              "RateLimit-Reset": {
                "$ref": "#/components/headers/RateLimit-Reset"
              }
            },
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/ExternalReference"
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/Error400"
          },
          "401": {
            "$ref": "#/components/responses/Error401"
          },
          "403": {
            "$ref": "#/components/responses/Error403"
          },
          "404": {
            "$ref": "#/components/responses/Error404"
          },
          "409": {
            "$ref": "#/components/responses/Error409"
          },
          "413": {
            "$ref": "#/components/responses/Error413"
          },
          "422": {
            "$ref": "#/components/responses/Error422"
          },
          "429": {
            "$ref": "#/components/responses/Error429"
          },
          "500": {
            "$ref": "#/components/responses/Error500"
          },
          "502": {
            "$ref": "#/components/responses/Error502"
          },
          "503": {
            "$ref": "#/components/responses/Error503"
          },
          "504": {
            "$ref": "#/components/responses/Error504"
          }
        }
      }
    },
    "/repair-orders/{public_id}/jobs": {
      "post": {
        "operationId": "addRepairOrderJob",
        "summary": "Add a job to a repair order",
        "description": "Optionally from a canned job (\`canned_job_id\`), whose labor and parts are copied. Records \`job.created\` and reprices the order. An invoiced, paid, picked-up, closed or cancelled order is 409 \`conflict\`, and so is a job that would take its own totals or the order's past 9999999999.99 (blocker \`total_exceeds_maximum\`, naming the order); a canned job whose line would pass it is 400 naming \`canned_job_id\`.",
        "tags": [
          "Repair orders"
        ],
        "security": [
          {
            "bearerAuth": []
          }
        ],
        "x-required-scopes": [
          "repair_orders.read",
          "repair_orders.write"
        ],
        "x-conditional-scopes": [
          "pricing.read"
        ],
        "parameters": [
          {
            "in": "path",
            "name": "public_id",
            "schema": {
              "type": "string",
              "description": "A ro_ id",
              "pattern": "^ro_[0-9A-Za-z]{1,64}$",
              "maxLength": 67,
              "example": "ro_4bW2yXk0fT9QmZr7LcVd1p"
            },
            "required": true,
            "description": "A ro_ id"
          },
          {
            "in": "header",
            "name": "Idempotency-Key",
            "schema": {
              "type": "string",
              "minLength": 1,
              "maxLength": 255,
              "pattern": "^[\\\\x21-\\\\x7e]+$",
              "description": "Makes a retry safe: the same key with the same body replays the first result for 7 days (with \`Idempotent-Replayed: true\`), redacted for the scopes the integration has at the replay; the key with a different body is 422 \`idempotency_key_reused\` for 30 days. The result is whatever the operation answered, its own refusals included (a 409 blocker, a 404, its 400s such as \`no_changes\`); a request refused before the operation ran (authentication, scopes, throttling, body validation) or with a 5xx binds nothing. Scoped to the integration. 1-255 visible ASCII characters; a UUID is ideal.",
              "example": "5f0c8e2a-3b1d-4c8e-9a57-2f6f1f3c9b10"
            },
            "required": true,
            "description": "Makes a retry safe: the same key with the same body replays the first result for 7 days (with \`Idempotent-Replayed: true\`), redacted for the scopes the integration has at the replay; the key with a different body is 422 \`idempotency_key_reused\` for 30 days. The result is whatever the operation answered, its own refusals included (a 409 blocker, a 404, its 400s such as \`no_changes\`); a request refused before the operation ran (authentication, scopes, throttling, body validation) or with a 5xx binds nothing. Scoped to the integration. 1-255 visible ASCII characters; a UUID is ideal."
          }
        ],
        "requestBody": {
          "required": true,
          "content": {
            "application/json": {
              "schema": {
                "$ref": "#/components/schemas/JobCreate"
              }
            }
          }
        },
        "responses": {
          "201": {
            "description": "The new job",
            "headers": {
              "Idempotent-Replayed": {
                "$ref": "#/components/headers/Idempotent-Replayed"
              },
              "X-Request-Id": {
                "$ref": "#/components/headers/X-Request-Id"
              },
              "Cache-Control": {
                "$ref": "#/components/headers/Cache-Control"
              },
              "RateLimit-Limit": {
                "$ref": "#/components/headers/RateLimit-Limit"
              },
              "RateLimit-Remaining": {
                "$ref": "#/components/headers/RateLimit-Remaining"
              },
              "RateLimit-Reset": {
                "$ref": "#/components/headers/RateLimit-Reset"
              }
            },
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Job"
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/Error400"
          },
          "401": {
            "$ref": "#/components/responses/Error401"
          },
          "403": {
            "$ref": "#/components/responses/Error403"
          },
          "404": {
            "$ref": "#/components/responses/Error404"
          },
          "409": {
            "$ref": "#/components/responses/Error409"
          },
          "413": {
            "$ref": "#/components/responses/Error413"
          },
          "422": {
            "$ref": "#/components/responses/Error422"
          },
          "429": {
            "$ref": "#/components/responses/Error429"
          },
          "500": {
            "$ref": "#/components/responses/Error500"
          },
          "502": {
            "$ref": "#/components/responses/Error502"
          },
          "503": {
            "$ref": "#/components/responses/Error503"
          },
          "504": {
            "$ref": "#/components/responses/Error504"
          }
        }
      },
      "get": {
        "operationId": "listRepairOrderJobs",
        "summary": "List the jobs of a repair order",
        "description": "Newest first by \`created_at\`; jobs added while a client pages are never skipped or repeated.",
        "tags": [
          "Repair orders"
        ],
        "security": [
          {
            "bearerAuth": []
          }
        ],
        "x-required-scopes": [
          "repair_orders.read"
        ],
        "x-conditional-scopes": [
          "pricing.read"
        ],
        "parameters": [
          {
            "in": "path",
            "name": "public_id",
            "schema": {
              "type": "string",
              "description": "A ro_ id",
              "pattern": "^ro_[0-9A-Za-z]{1,64}$",
              "maxLength": 67,
              "example": "ro_4bW2yXk0fT9QmZr7LcVd1p"
            },
            "required": true,
            "description": "A ro_ id"
          },
          {
            "in": "query",
            "name": "limit",
            "schema": {
              "description": "Page size, 1-200, in plain decimal digits",
              "example": 50,
              "type": "integer",
              "minimum": 1,
              "maximum": 200,
              "default": 50
            },
            "description": "Page size, 1-200, in plain decimal digits"
          },
          {
            "in": "query",
            "name": "cursor",
            "schema": {
              "description": "The \`next_cursor\` of the previous page; the other parameters must not change",
              "maxLength": 1000,
              "type": "string"
            },
            "description": "The \`next_cursor\` of the previous page; the other parameters must not change"
          }
        ],
        "responses": {
          "200": {
            "description": "A page of jobs",
            "headers": {
              "X-Request-Id": {
                "$ref": "#/components/headers/X-Request-Id"
              },
              "Cache-Control": {
                "$ref": "#/components/headers/Cache-Control"
              },
              "RateLimit-Limit": {
                "$ref": "#/components/headers/RateLimit-Limit"
              },
              "RateLimit-Remaining": {
                "$ref": "#/components/headers/RateLimit-Remaining"
              },
              "RateLimit-Reset": {
                "$ref": "#/components/headers/RateLimit-Reset"
              }
            },
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/JobList"
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/Error400"
          },
          "401": {
            "$ref": "#/components/responses/Error401"
          },
          "403": {
            "$ref": "#/components/responses/Error403"
          },
          "404": {
            "$ref": "#/components/responses/Error404"
          },
          "409": {
            "$ref": "#/components/responses/Error409"
          },
          "422": {
            "$ref": "#/components/responses/Error422"
          },
          "429": {
            "$ref": "#/components/responses/Error429"
          },
          "500": {
            "$ref": "#/components/responses/Error500"
          },
          "502": {
            "$ref": "#/components/responses/Error502"
          },
          "503": {
            "$ref": "#/components/responses/Error503"
          },
          "504": {
            "$ref": "#/components/responses/Error504"
          }
        }
      }
    },
    "/jobs/{public_id}": {
      "get": {
        "operationId": "getJob",
        "summary": "Get a job",
        "description": "Parts and labor are never embedded: use \`/jobs/{public_id}/parts\` and \`/labor\`. \`pricing\` is null without pricing.read (listed in \`redacted_fields\`).",
        "tags": [
          "Jobs"
        ],
        "security": [
          {
            "bearerAuth": []
          }
        ],
        "x-required-scopes": [
          "repair_orders.read"
        ],
        "x-conditional-scopes": [
          "pricing.read"
        ],
        "parameters": [
          {
            "in": "path",
            "name": "public_id",
            "schema": {
              "type": "string",
              "description": "A job_ id",
              "pattern": "^job_[0-9A-Za-z]{1,64}$",
              "maxLength": 68,
              "example": "job_4bW2yXk0fT9QmZr7LcVd1p"
            },
            "required": true,
            "description": "A job_ id"
          }
        ],
        "responses": {
          "200": {
            "description": "The job",
            "headers": {
              "X-Request-Id": {
                "$ref": "#/components/headers/X-Request-Id"
              },
              "Cache-Control": {
                "$ref": "#/components/headers/Cache-Control"
              },
              "RateLimit-Limit": {
                "$ref": "#/components/headers/RateLimit-Limit"
              },
              "RateLimit-Remaining": {
                "$ref": "#/components/headers/RateLimit-Remaining"
              },
              "RateLimit-Reset": {
                "$ref": "#/components/headers/RateLimit-Reset"
              }
            },
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Job"
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/Error400"
          },
          "401": {
            "$ref": "#/components/responses/Error401"
          },
          "403": {
            "$ref": "#/components/responses/Error403"
          },
          "404": {
            "$ref": "#/components/responses/Error404"
          },
          "409": {
            "$ref": "#/components/responses/Error409"
          },
          "422": {
            "$ref": "#/components/responses/Error422"
          },
          "429": {
            "$ref": "#/components/responses/Error429"
          },
          "500": {
            "$ref": "#/components/responses/Error500"
          },
          "502": {
            "$ref": "#/components/responses/Error502"
          },
          "503": {
            "$ref": "#/components/responses/Error503"
          },
          "504": {
            "$ref": "#/components/responses/Error504"
          }
        }
      }
    },
    "/jobs/{public_id}/start": {
      "post": {
        "operationId": "startJob",
        "summary": "Start work on a job",
        "description": "From not_started or paused to in_progress; \`started_at\` is set the first time. Available only for an authorized job: otherwise 409 \`conflict\` with a blocker (\`not_authorized\`, or the state that prevents it). Emits \`job.status_changed\`.",
        "tags": [
          "Jobs"
        ],
        "security": [
          {
            "bearerAuth": []
          }
        ],
        "x-required-scopes": [
          "repair_orders.read",
          "jobs.actions"
        ],
        "x-conditional-scopes": [
          "pricing.read"
        ],
        "parameters": [
          {
            "in": "path",
            "name": "public_id",
            "schema": {
              "type": "string",
              "description": "A job_ id",
              "pattern": "^job_[0-9A-Za-z]{1,64}$",
              "maxLength": 68,
              "example": "job_4bW2yXk0fT9QmZr7LcVd1p"
            },
            "required": true,
            "description": "A job_ id"
          },
          {
            "in": "header",
            "name": "Idempotency-Key",
            "schema": {
              "type": "string",
              "minLength": 1,
              "maxLength": 255,
              "pattern": "^[\\\\x21-\\\\x7e]+$",
              "description": "Makes a retry safe: the same key with the same body replays the first result for 7 days (with \`Idempotent-Replayed: true\`), redacted for the scopes the integration has at the replay; the key with a different body is 422 \`idempotency_key_reused\` for 30 days. The result is whatever the operation answered, its own refusals included (a 409 blocker, a 404, its 400s such as \`no_changes\`); a request refused before the operation ran (authentication, scopes, throttling, body validation) or with a 5xx binds nothing. Scoped to the integration. 1-255 visible ASCII characters; a UUID is ideal.",
              "example": "5f0c8e2a-3b1d-4c8e-9a57-2f6f1f3c9b10"
            },
            "required": true,
            "description": "Makes a retry safe: the same key with the same body replays the first result for 7 days (with \`Idempotent-Replayed: true\`), redacted for the scopes the integration has at the replay; the key with a different body is 422 \`idempotency_key_reused\` for 30 days. The result is whatever the operation answered, its own refusals included (a 409 blocker, a 404, its 400s such as \`no_changes\`); a request refused before the operation ran (authentication, scopes, throttling, body validation) or with a 5xx binds nothing. Scoped to the integration. 1-255 visible ASCII characters; a UUID is ideal."
          }
        ],
        "responses": {
          "200": {
            "description": "The job after the action",
            "headers": {
              "Idempotent-Replayed": {
                "$ref": "#/components/headers/Idempotent-Replayed"
              },
              "X-Request-Id": {
                "$ref": "#/components/headers/X-Request-Id"
              },
              "Cache-Control": {
                "$ref": "#/components/headers/Cache-Control"
              },
              "RateLimit-Limit": {
                "$ref": "#/components/headers/RateLimit-Limit"
              },
              "RateLimit-Remaining": {
                "$ref": "#/components/headers/RateLimit-Remaining"
              },
              "RateLimit-Reset": {
                "$ref": "#/components/headers/RateLimit-Reset"
              }
            },
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Job"
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/Error400"
          },
          "401": {
            "$ref": "#/components/responses/Error401"
          },
          "403": {
            "$ref": "#/components/responses/Error403"
          },
          "404": {
            "$ref": "#/components/responses/Error404"
          },
          "409": {
            "$ref": "#/components/responses/Error409"
          },
          "413": {
            "$ref": "#/components/responses/Error413"
          },
          "422": {
            "$ref": "#/components/responses/Error422"
          },
          "429": {
            "$ref": "#/components/responses/Error429"
          },
          "500": {
            "$ref": "#/components/responses/Error500"
          },
          "502": {
            "$ref": "#/components/responses/Error502"
          },
          "503": {
            "$ref": "#/components/responses/Error503"
          },
          "504": {
            "$ref": "#/components/responses/Error504"
          }
        }
      }
    },
    "/jobs/{public_id}/complete": {
      "post": {
        "operationId": "completeJob",
        "summary": "Complete a job",
        "description": "From in_progress or paused to completed (final); \`completed_at\` is set. Available only for an authorized job: otherwise 409 \`conflict\` with a blocker. Emits \`job.status_changed\`.",
        "tags": [
          "Jobs"
        ],
        "security": [
          {
            "bearerAuth": []
          }
        ],
        "x-required-scopes": [
          "repair_orders.read",
          "jobs.actions"
        ],
        "x-conditional-scopes": [
          "pricing.read"
        ],
        "parameters": [
          {
            "in": "path",
            "name": "public_id",
            "schema": {
              "type": "string",
              "description": "A job_ id",
              "pattern": "^job_[0-9A-Za-z]{1,64}$",
              "maxLength": 68,
              "example": "job_4bW2yXk0fT9QmZr7LcVd1p"
            },
            "required": true,
            "description": "A job_ id"
          },
          {
            "in": "header",
            "name": "Idempotency-Key",
            "schema": {
              "type": "string",
              "minLength": 1,
              "maxLength": 255,
              "pattern": "^[\\\\x21-\\\\x7e]+$",
              "description": "Makes a retry safe: the same key with the same body replays the first result for 7 days (with \`Idempotent-Replayed: true\`), redacted for the scopes the integration has at the replay; the key with a different body is 422 \`idempotency_key_reused\` for 30 days. The result is whatever the operation answered, its own refusals included (a 409 blocker, a 404, its 400s such as \`no_changes\`); a request refused before the operation ran (authentication, scopes, throttling, body validation) or with a 5xx binds nothing. Scoped to the integration. 1-255 visible ASCII characters; a UUID is ideal.",
              "example": "5f0c8e2a-3b1d-4c8e-9a57-2f6f1f3c9b10"
            },
            "required": true,
            "description": "Makes a retry safe: the same key with the same body replays the first result for 7 days (with \`Idempotent-Replayed: true\`), redacted for the scopes the integration has at the replay; the key with a different body is 422 \`idempotency_key_reused\` for 30 days. The result is whatever the operation answered, its own refusals included (a 409 blocker, a 404, its 400s such as \`no_changes\`); a request refused before the operation ran (authentication, scopes, throttling, body validation) or with a 5xx binds nothing. Scoped to the integration. 1-255 visible ASCII characters; a UUID is ideal."
          }
        ],
        "responses": {
          "200": {
            "description": "The job after the action",
            "headers": {
              "Idempotent-Replayed": {
                "$ref": "#/components/headers/Idempotent-Replayed"
              },
              "X-Request-Id": {
                "$ref": "#/components/headers/X-Request-Id"
              },
              "Cache-Control": {
                "$ref": "#/components/headers/Cache-Control"
              },
              "RateLimit-Limit": {
                "$ref": "#/components/headers/RateLimit-Limit"
              },
              "RateLimit-Remaining": {
                "$ref": "#/components/headers/RateLimit-Remaining"
              },
              "RateLimit-Reset": {
                "$ref": "#/components/headers/RateLimit-Reset"
              }
            },
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Job"
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/Error400"
          },
          "401": {
            "$ref": "#/components/responses/Error401"
          },
          "403": {
            "$ref": "#/components/responses/Error403"
          },
          "404": {
            "$ref": "#/components/responses/Error404"
          },
          "409": {
            "$ref": "#/components/responses/Error409"
          },
          "413": {
            "$ref": "#/components/responses/Error413"
          },
          "422": {
            "$ref": "#/components/responses/Error422"
          },
          "429": {
            "$ref": "#/components/responses/Error429"
          },
          "500": {
            "$ref": "#/components/responses/Error500"
          },
          "502": {
            "$ref": "#/components/responses/Error502"
          },
          "503": {
            "$ref": "#/components/responses/Error503"
          },
          "504": {
            "$ref": "#/components/responses/Error504"
          }
        }
      }
    },
    "/jobs/{public_id}/unable-to-complete": {
      "post": {
        "operationId": "markJobUnableToComplete",
        "summary": "Mark a job unable to complete",
        "description": "From not_started, in_progress or paused to unable_to_complete (final). Available only for an authorized job: otherwise 409 \`conflict\` with a blocker. Emits \`job.status_changed\`.",
        "tags": [
          "Jobs"
        ],
        "security": [
          {
            "bearerAuth": []
          }
        ],
        "x-required-scopes": [
          "repair_orders.read",
          "jobs.actions"
        ],
        "x-conditional-scopes": [
          "pricing.read"
        ],
        "parameters": [
          {
            "in": "path",
            "name": "public_id",
            "schema": {
              "type": "string",
              "description": "A job_ id",
              "pattern": "^job_[0-9A-Za-z]{1,64}$",
              "maxLength": 68,
              "example": "job_4bW2yXk0fT9QmZr7LcVd1p"
            },
            "required": true,
            "description": "A job_ id"
          },
          {
            "in": "header",
            "name": "Idempotency-Key",
            "schema": {
              "type": "string",
              "minLength": 1,
              "maxLength": 255,
              "pattern": "^[\\\\x21-\\\\x7e]+$",
              "description": "Makes a retry safe: the same key with the same body replays the first result for 7 days (with \`Idempotent-Replayed: true\`), redacted for the scopes the integration has at the replay; the key with a different body is 422 \`idempotency_key_reused\` for 30 days. The result is whatever the operation answered, its own refusals included (a 409 blocker, a 404, its 400s such as \`no_changes\`); a request refused before the operation ran (authentication, scopes, throttling, body validation) or with a 5xx binds nothing. Scoped to the integration. 1-255 visible ASCII characters; a UUID is ideal.",
              "example": "5f0c8e2a-3b1d-4c8e-9a57-2f6f1f3c9b10"
            },
            "required": true,
            "description": "Makes a retry safe: the same key with the same body replays the first result for 7 days (with \`Idempotent-Replayed: true\`), redacted for the scopes the integration has at the replay; the key with a different body is 422 \`idempotency_key_reused\` for 30 days. The result is whatever the operation answered, its own refusals included (a 409 blocker, a 404, its 400s such as \`no_changes\`); a request refused before the operation ran (authentication, scopes, throttling, body validation) or with a 5xx binds nothing. Scoped to the integration. 1-255 visible ASCII characters; a UUID is ideal."
          }
        ],
        "responses": {
          "200": {
            "description": "The job after the action",
            "headers": {
              "Idempotent-Replayed": {
                "$ref": "#/components/headers/Idempotent-Replayed"
              },
              "X-Request-Id": {
                "$ref": "#/components/headers/X-Request-Id"
              },
              "Cache-Control": {
                "$ref": "#/components/headers/Cache-Control"
              },
              "RateLimit-Limit": {
                "$ref": "#/components/headers/RateLimit-Limit"
              },
              "RateLimit-Remaining": {
                "$ref": "#/components/headers/RateLimit-Remaining"
              },
              "RateLimit-Reset": {
                "$ref": "#/components/headers/RateLimit-Reset"
              }
            },
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Job"
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/Error400"
          },
          "401": {
            "$ref": "#/components/responses/Error401"
          },
          "403": {
            "$ref": "#/components/responses/Error403"
          },
          "404": {
            "$ref": "#/components/responses/Error404"
          },
          "409": {
            "$ref": "#/components/responses/Error409"
          },
          "413": {
            "$ref": "#/components/responses/Error413"
          },
          "422": {
            "$ref": "#/components/responses/Error422"
          },
          "429": {
            "$ref": "#/components/responses/Error429"
          },
          "500": {
            "$ref": "#/components/responses/Error500"
          },
          "502": {
            "$ref": "#/components/responses/Error502"
          },
          "503": {
            "$ref": "#/components/responses/Error503"
          },
          "504": {
            "$ref": "#/components/responses/Error504"
          }
        }
      }
    },
    "/jobs/{public_id}/labor": {
      "get": {
        "operationId": "listJobLabor",
        "summary": "List a job's labor entries",
        "description": "Newest first. \`pricing\` is null without pricing.read (\`/data/*/pricing\` in \`redacted_fields\`).",
        "tags": [
          "Jobs"
        ],
        "security": [
          {
            "bearerAuth": []
          }
        ],
        "x-required-scopes": [
          "repair_orders.read"
        ],
        "x-conditional-scopes": [
          "pricing.read"
        ],
        "parameters": [
          {
            "in": "path",
            "name": "public_id",
            "schema": {
              "type": "string",
              "description": "A job_ id",
              "pattern": "^job_[0-9A-Za-z]{1,64}$",
              "maxLength": 68,
              "example": "job_4bW2yXk0fT9QmZr7LcVd1p"
            },
            "required": true,
            "description": "A job_ id"
          },
          {
            "in": "query",
            "name": "limit",
            "schema": {
              "description": "Page size, 1-200, in plain decimal digits",
              "example": 50,
              "type": "integer",
              "minimum": 1,
              "maximum": 200,
              "default": 50
            },
            "description": "Page size, 1-200, in plain decimal digits"
          },
          {
            "in": "query",
            "name": "cursor",
            "schema": {
              "description": "The \`next_cursor\` of the previous page; the other parameters must not change",
              "maxLength": 1000,
              "type": "string"
            },
            "description": "The \`next_cursor\` of the previous page; the other parameters must not change"
          }
        ],
        "responses": {
          "200": {
            "description": "A page of labor entries",
            "headers": {
              "X-Request-Id": {
                "$ref": "#/components/headers/X-Request-Id"
              },
              "Cache-Control": {
                "$ref": "#/components/headers/Cache-Control"
              },
              "RateLimit-Limit": {
                "$ref": "#/components/headers/RateLimit-Limit"
              },
              "RateLimit-Remaining": {
                "$ref": "#/components/headers/RateLimit-Remaining"
              },
              "RateLimit-Reset": {
                "$ref": "#/components/headers/RateLimit-Reset"
              }
            },
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/LaborList"
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/Error400"
          },
          "401": {
            "$ref": "#/components/responses/Error401"
          },
          "403": {
            "$ref": "#/components/responses/Error403"
          },
          "404": {
            "$ref": "#/components/responses/Error404"
          },
          "409": {
            "$ref": "#/components/responses/Error409"
          },
          "422": {
            "$ref": "#/components/responses/Error422"
          },
          "429": {
            "$ref": "#/components/responses/Error429"
          },
          "500": {
            "$ref": "#/components/responses/Error500"
          },
          "502": {
            "$ref": "#/components/responses/Error502"
          },
          "503": {
            "$ref": "#/components/responses/Error503"
          },
          "504": {
            "$ref": "#/components/responses/Error504"
          }
        }
      }
    },
    "/jobs/{public_id}/parts": {
      "get": {
        "operationId": "listJobParts",
        "summary": "List a job's parts",
        "description": "Newest first. \`pricing\` is null without pricing.read and \`cost\` without inventory.cost.read (\`/data/*/pricing\`, \`/data/*/cost\` in \`redacted_fields\`).",
        "tags": [
          "Jobs"
        ],
        "security": [
          {
            "bearerAuth": []
          }
        ],
        "x-required-scopes": [
          "repair_orders.read"
        ],
        "x-conditional-scopes": [
          "inventory.cost.read",
          "pricing.read"
        ],
        "parameters": [
          {
            "in": "path",
            "name": "public_id",
            "schema": {
              "type": "string",
              "description": "A job_ id",
              "pattern": "^job_[0-9A-Za-z]{1,64}$",
              "maxLength": 68,
              "example": "job_4bW2yXk0fT9QmZr7LcVd1p"
            },
            "required": true,
            "description": "A job_ id"
          },
          {
            "in": "query",
            "name": "limit",
            "schema": {
              "description": "Page size, 1-200, in plain decimal digits",
              "example": 50,
              "type": "integer",
              "minimum": 1,
              "maximum": 200,
              "default": 50
            },
            "description": "Page size, 1-200, in plain decimal digits"
          },
          {
            "in": "query",
            "name": "cursor",
            "schema": {
              "description": "The \`next_cursor\` of the previous page; the other parameters must not change",
              "maxLength": 1000,
              "type": "string"
            },
            "description": "The \`next_cursor\` of the previous page; the other parameters must not change"
          }
        ],
        "responses": {
          "200": {
            "description": "A page of parts",
            "headers": {
              "X-Request-Id": {
                "$ref": "#/components/headers/X-Request-Id"
              },
              "Cache-Control": {
                "$ref": "#/components/headers/Cache-Control"
              },
              "RateLimit-Limit": {
                "$ref": "#/components/headers/RateLimit-Limit"
              },
              "RateLimit-Remaining": {
                "$ref": "#/components/headers/RateLimit-Remaining"
              },
              "RateLimit-Reset": {
                "$ref": "#/components/headers/RateLimit-Reset"
              }
            },
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/PartList"
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/Error400"
          },
          "401": {
            "$ref": "#/components/responses/Error401"
          },
          "403": {
            "$ref": "#/components/responses/Error403"
          },
          "404": {
            "$ref": "#/components/responses/Error404"
          },
          "409": {
            "$ref": "#/components/responses/Error409"
          },
          "422": {
            "$ref": "#/components/responses/Error422"
          },
          "429": {
            "$ref": "#/components/responses/Error429"
          },
          "500": {
            "$ref": "#/components/responses/Error500"
          },
          "502": {
            "$ref": "#/components/responses/Error502"
          },
          "503": {
            "$ref": "#/components/responses/Error503"
          },
          "504": {
            "$ref": "#/components/responses/Error504"
          }
        }
      }
    },
    "/inventory-items": {
      "get": {
        "operationId": "listInventoryItems",
        "summary": "List inventory items",
        "description": "Newest first. Filters combine with AND. \`tire_size\` matches width, aspect ratio and rim diameter (225/45ZR17 finds 225/45R17 94W). \`cost\` needs \`inventory.cost.read\` (else null, listed in \`redacted_fields\`).",
        "tags": [
          "Inventory items"
        ],
        "security": [
          {
            "bearerAuth": []
          }
        ],
        "x-required-scopes": [
          "inventory.read"
        ],
        "x-conditional-scopes": [
          "inventory.cost.read"
        ],
        "parameters": [
          {
            "in": "query",
            "name": "limit",
            "schema": {
              "description": "Page size, 1-200, in plain decimal digits",
              "example": 50,
              "type": "integer",
              "minimum": 1,
              "maximum": 200,
              "default": 50
            },
            "description": "Page size, 1-200, in plain decimal digits"
          },
          {
            "in": "query",
            "name": "cursor",
            "schema": {
              "description": "The \`next_cursor\` of the previous page; the other parameters must not change",
              "maxLength": 1000,
              "type": "string"
            },
            "description": "The \`next_cursor\` of the previous page; the other parameters must not change"
          },
          {
            "in": "query",
            "name": "q",
            "schema": {
              "description": "Substring of name, brand, part number, category or tire size (2-100 characters, case-insensitive)",
              "type": "string",
              "minLength": 2,
              "maxLength": 100
            },
            "description": "Substring of name, brand, part number, category or tire size (2-100 characters, case-insensitive)"
          },
          {
            "in": "query",
            "name": "part_number",
            "schema": {
              "description": "Exact part number, case-insensitive (0-100 characters; empty: items without one)",
              "type": "string",
              "maxLength": 100
            },
            "description": "Exact part number, case-insensitive (0-100 characters; empty: items without one)"
          },
          {
            "in": "query",
            "name": "product_family",
            "schema": {
              "type": "string",
              "enum": [
                "part",
                "tire",
                "battery",
                "fluid_supply"
              ]
            }
          },
          {
            "in": "query",
            "name": "in_stock",
            "schema": {
              "description": "true: on hand minus reserved is above zero; false: it is zero or less",
              "type": "string",
              "enum": [
                "true",
                "false"
              ]
            },
            "description": "true: on hand minus reserved is above zero; false: it is zero or less"
          },
          {
            "in": "query",
            "name": "active",
            "schema": {
              "type": "string",
              "enum": [
                "true",
                "false"
              ]
            }
          },
          {
            "in": "query",
            "name": "tire_size",
            "schema": {
              "description": "A tire size (up to 20 characters), e.g. 225/45R17, 225/45ZR17 94W, P215/65R15, LT235/85R16.5 or the flotation 31x10.50R15LT; matches width, aspect ratio and rim diameter, whatever the construction, service type or service description (a flotation size by its metric equivalent: 31x10.50R15LT is 267/76R15)",
              "type": "string",
              "maxLength": 20,
              "example": "225/45R17"
            },
            "description": "A tire size (up to 20 characters), e.g. 225/45R17, 225/45ZR17 94W, P215/65R15, LT235/85R16.5 or the flotation 31x10.50R15LT; matches width, aspect ratio and rim diameter, whatever the construction, service type or service description (a flotation size by its metric equivalent: 31x10.50R15LT is 267/76R15)"
          },
          {
            "in": "query",
            "name": "tire_width",
            "schema": {
              "description": "Tire section width in millimetres, 50-999, in plain decimal digits",
              "type": "integer",
              "minimum": 50,
              "maximum": 999
            },
            "description": "Tire section width in millimetres, 50-999, in plain decimal digits"
          },
          {
            "in": "query",
            "name": "tire_aspect_ratio",
            "schema": {
              "description": "Tire aspect ratio, 10-99, in plain decimal digits",
              "type": "integer",
              "minimum": 10,
              "maximum": 99
            },
            "description": "Tire aspect ratio, 10-99, in plain decimal digits"
          },
          {
            "in": "query",
            "name": "tire_rim_diameter",
            "schema": {
              "description": "Rim diameter in inches, 8-30, at most one decimal place (17, 16.5)",
              "type": "number",
              "minimum": 8,
              "maximum": 30
            },
            "description": "Rim diameter in inches, 8-30, at most one decimal place (17, 16.5)"
          }
        ],
        "responses": {
          "200": {
            "description": "A page of inventory items",
            "headers": {
              "X-Request-Id": {
                "$ref": "#/components/headers/X-Request-Id"
              },
              "Cache-Control": {
                "$ref": "#/components/headers/Cache-Control"
              },
              "RateLimit-Limit": {
                "$ref": "#/components/headers/RateLimit-Limit"
              },
              "RateLimit-Remaining": {
                "$ref": "#/components/headers/RateLimit-Remaining"
              },
              "RateLimit-Reset": {
                "$ref": "#/components/headers/RateLimit-Reset"
              }
            },
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/InventoryItemList"
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/Error400"
          },
          "401": {
            "$ref": "#/components/responses/Error401"
          },
          "403": {
            "$ref": "#/components/responses/Error403"
          },
          "404": {
            "$ref": "#/components/responses/Error404"
          },
          "409": {
            "$ref": "#/components/responses/Error409"
          },
          "422": {
            "$ref": "#/components/responses/Error422"
          },
          "429": {
            "$ref": "#/components/responses/Error429"
          },
          "500": {
            "$ref": "#/components/responses/Error500"
          },
          "502": {
            "$ref": "#/components/responses/Error502"
          },
          "503": {
            "$ref": "#/components/responses/Error503"
          },
          "504": {
            "$ref": "#/components/responses/Error504"
          }
        }
      }
    },
    "/inventory-items/{public_id}": {
      "get": {
        "operationId": "getInventoryItem",
        "summary": "Get an inventory item",
        "description": "\`cost\` needs \`inventory.cost.read\` (else null, listed in \`redacted_fields\`).",
        "tags": [
          "Inventory items"
        ],
        "security": [
          {
            "bearerAuth": []
          }
        ],
        "x-required-scopes": [
          "inventory.read"
        ],
        "x-conditional-scopes": [
          "inventory.cost.read"
        ],
        "parameters": [
          {
            "in": "path",
            "name": "public_id",
            "schema": {
              "type": "string",
              "description": "A item_ id",
              "pattern": "^item_[0-9A-Za-z]{1,64}$",
              "maxLength": 69,
              "example": "item_4bW2yXk0fT9QmZr7LcVd1p"
            },
            "required": true,
            "description": "A item_ id"
          }
        ],
        "responses": {
          "200": {
            "description": "The inventory item",
            "headers": {
              "X-Request-Id": {
                "$ref": "#/components/headers/X-Request-Id"
              },
              "Cache-Control": {
                "$ref": "#/components/headers/Cache-Control"
              },
              "RateLimit-Limit": {
                "$ref": "#/components/headers/RateLimit-Limit"
              },
              "RateLimit-Remaining": {
                "$ref": "#/components/headers/RateLimit-Remaining"
              },
              "RateLimit-Reset": {
                "$ref": "#/components/headers/RateLimit-Reset"
              }
            },
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/InventoryItem"
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/Error400"
          },
          "401": {
            "$ref": "#/components/responses/Error401"
          },
          "403": {
            "$ref": "#/components/responses/Error403"
          },
          "404": {
            "$ref": "#/components/responses/Error404"
          },
          "409": {
            "$ref": "#/components/responses/Error409"
          },
          "422": {
            "$ref": "#/components/responses/Error422"
          },
          "429": {
            "$ref": "#/components/responses/Error429"
          },
          "500": {
            "$ref": "#/components/responses/Error500"
          },
          "502": {
            "$ref": "#/components/responses/Error502"
          },
          "503": {
            "$ref": "#/components/responses/Error503"
          },
          "504": {
            "$ref": "#/components/responses/Error504"
          }
        }
      }
    },
    "/canned-jobs": {
      "get": {
        "operationId": "listCannedJobs",
        "summary": "List canned jobs",
        "description": "Newest first. Filters combine with AND. Parts are embedded (at most 100 a job; at most 2,000 a page, so with heavy canned jobs a page holds fewer than \`limit\`: page by \`next_cursor\` until \`has_more\` is false). \`pricing\` (of the job and of each part) needs \`pricing.read\` and each part’s \`cost\` needs \`inventory.cost.read\`; without them they are null and listed in \`redacted_fields\`.",
        "tags": [
          "Canned jobs"
        ],
        "security": [
          {
            "bearerAuth": []
          }
        ],
        "x-required-scopes": [
          "canned_jobs.read"
        ],
        "x-conditional-scopes": [
          "inventory.cost.read",
          "pricing.read"
        ],
        "parameters": [
          {
            "in": "query",
            "name": "limit",
            "schema": {
              "description": "Page size, 1-200, in plain decimal digits: the most canned jobs a page holds. A page also holds at most 2,000 parts in all (always at least one canned job), so with heavy canned jobs it holds fewer, with \`has_more\` true and a \`next_cursor\` that continues right after it: page until \`has_more\` is false, never by counting rows",
              "example": 50,
              "type": "integer",
              "minimum": 1,
              "maximum": 200,
              "default": 50
            },
            "description": "Page size, 1-200, in plain decimal digits: the most canned jobs a page holds. A page also holds at most 2,000 parts in all (always at least one canned job), so with heavy canned jobs it holds fewer, with \`has_more\` true and a \`next_cursor\` that continues right after it: page until \`has_more\` is false, never by counting rows"
          },
          {
            "in": "query",
            "name": "cursor",
            "schema": {
              "description": "The \`next_cursor\` of the previous page; the other parameters must not change",
              "maxLength": 1000,
              "type": "string"
            },
            "description": "The \`next_cursor\` of the previous page; the other parameters must not change"
          },
          {
            "in": "query",
            "name": "q",
            "schema": {
              "description": "Substring of code, name, category or description (2-100 characters, case-insensitive)",
              "type": "string",
              "minLength": 2,
              "maxLength": 100
            },
            "description": "Substring of code, name, category or description (2-100 characters, case-insensitive)"
          },
          {
            "in": "query",
            "name": "category",
            "schema": {
              "description": "Exact category, case-insensitive (0-100 characters; empty: canned jobs without one)",
              "type": "string",
              "maxLength": 100
            },
            "description": "Exact category, case-insensitive (0-100 characters; empty: canned jobs without one)"
          },
          {
            "in": "query",
            "name": "active",
            "schema": {
              "type": "string",
              "enum": [
                "true",
                "false"
              ]
            }
          }
        ],
        "responses": {
          "200": {
            "description": "A page of canned jobs",
            "headers": {
              "X-Request-Id": {
                "$ref": "#/components/headers/X-Request-Id"
              },
              "Cache-Control": {
                "$ref": "#/components/headers/Cache-Control"
              },
              "RateLimit-Limit": {
                "$ref": "#/components/headers/RateLimit-Limit"
              },
              "RateLimit-Remaining": {
                "$ref": "#/components/headers/RateLimit-Remaining"
              },
              "RateLimit-Reset": {
                "$ref": "#/components/headers/RateLimit-Reset"
              }
            },
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/CannedJobList"
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/Error400"
          },
          "401": {
            "$ref": "#/components/responses/Error401"
          },
          "403": {
            "$ref": "#/components/responses/Error403"
          },
          "404": {
            "$ref": "#/components/responses/Error404"
          },
          "409": {
            "$ref": "#/components/responses/Error409"
          },
          "422": {
            "$ref": "#/components/responses/Error422"
          },
          "429": {
            "$ref": "#/components/responses/Error429"
          },
          "500": {
            "$ref": "#/components/responses/Error500"
          },
          "502": {
            "$ref": "#/components/responses/Error502"
          },
          "503": {
            "$ref": "#/components/responses/Error503"
          },
          "504": {
            "$ref": "#/components/responses/Error504"
          }
        }
      }
    },
    "/canned-jobs/{public_id}": {
      "get": {
        "operationId": "getCannedJob",
        "summary": "Get a canned job",
        "description": "\`pricing\` (of the job and of each part) needs \`pricing.read\` and each part’s \`cost\` needs \`inventory.cost.read\`; without them they are null and listed in \`redacted_fields\`.",
        "tags": [
          "Canned jobs"
        ],
        "security": [
          {
            "bearerAuth": []
          }
        ],
        "x-required-scopes": [
          "canned_jobs.read"
        ],
        "x-conditional-scopes": [
          "inventory.cost.read",
          "pricing.read"
        ],
        "parameters": [
          {
            "in": "path",
            "name": "public_id",
            "schema": {
              "type": "string",
              "description": "A cj_ id",
              "pattern": "^cj_[0-9A-Za-z]{1,64}$",
              "maxLength": 67,
              "example": "cj_4bW2yXk0fT9QmZr7LcVd1p"
            },
            "required": true,
            "description": "A cj_ id"
          }
        ],
        "responses": {
          "200": {
            "description": "The canned job",
            "headers": {
              "X-Request-Id": {
                "$ref": "#/components/headers/X-Request-Id"
              },
              "Cache-Control": {
                "$ref": "#/components/headers/Cache-Control"
              },
              "RateLimit-Limit": {
                "$ref": "#/components/headers/RateLimit-Limit"
              },
              "RateLimit-Remaining": {
                "$ref": "#/components/headers/RateLimit-Remaining"
              },
              "RateLimit-Reset": {
                "$ref": "#/components/headers/RateLimit-Reset"
              }
            },
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/CannedJob"
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/Error400"
          },
          "401": {
            "$ref": "#/components/responses/Error401"
          },
          "403": {
            "$ref": "#/components/responses/Error403"
          },
          "404": {
            "$ref": "#/components/responses/Error404"
          },
          "409": {
            "$ref": "#/components/responses/Error409"
          },
          "422": {
            "$ref": "#/components/responses/Error422"
          },
          "429": {
            "$ref": "#/components/responses/Error429"
          },
          "500": {
            "$ref": "#/components/responses/Error500"
          },
          "502": {
            "$ref": "#/components/responses/Error502"
          },
          "503": {
            "$ref": "#/components/responses/Error503"
          },
          "504": {
            "$ref": "#/components/responses/Error504"
          }
        }
      }
    },
    "/technicians": {
      "get": {
        "operationId": "listTechnicians",
        "summary": "List technicians",
        "description": "Newest first by \`sort\` (default \`created_at\`); active and inactive technicians unless \`active\` is given. The shop maintains technicians (\`shopapi technicians\`).",
        "tags": [
          "Technicians"
        ],
        "security": [
          {
            "bearerAuth": []
          }
        ],
        "x-required-scopes": [
          "technicians.read"
        ],
        "x-conditional-scopes": [],
        "parameters": [
          {
            "in": "query",
            "name": "limit",
            "schema": {
              "description": "Page size, 1-200, in plain decimal digits",
              "example": 50,
              "type": "integer",
              "minimum": 1,
              "maximum": 200,
              "default": 50
            },
            "description": "Page size, 1-200, in plain decimal digits"
          },
          {
            "in": "query",
            "name": "cursor",
            "schema": {
              "description": "The \`next_cursor\` of the previous page; the other parameters must not change",
              "maxLength": 1000,
              "type": "string"
            },
            "description": "The \`next_cursor\` of the previous page; the other parameters must not change"
          },
          {
            "in": "query",
            "name": "active",
            "schema": {
              "description": "Only active (\`true\`) or inactive (\`false\`) technicians",
              "type": "string",
              "enum": [
                "true",
                "false"
              ]
            },
            "description": "Only active (\`true\`) or inactive (\`false\`) technicians"
          },
          {
            "in": "query",
            "name": "updated_after",
            "schema": {
              "description": "Only records updated strictly after this instant (RFC 3339, e.g. 2026-01-31T09:04:05-06:00)",
              "format": "date-time",
              "pattern": "^(\\\\d{4})-(\\\\d{2})-(\\\\d{2})[Tt](\\\\d{2}):(\\\\d{2}):(\\\\d{2})(\\\\.\\\\d{1,9})?(?:[Zz]|[+-](\\\\d{2}):(\\\\d{2}))$",
              "example": "2026-01-31T09:04:05-06:00",
              "type": "string",
              "maxLength": 40
            },
            "description": "Only records updated strictly after this instant (RFC 3339, e.g. 2026-01-31T09:04:05-06:00)"
          },
          {
            "in": "query",
            "name": "sort",
            "schema": {
              "default": "created_at",
              "description": "Newest first by this column; ties broken by id",
              "type": "string",
              "enum": [
                "created_at",
                "updated_at"
              ]
            },
            "description": "Newest first by this column; ties broken by id"
          }
        ],
        "responses": {
          "200": {
            "description": "A page of technicians",
            "headers": {
              "X-Request-Id": {
                "$ref": "#/components/headers/X-Request-Id"
              },
              "Cache-Control": {
                "$ref": "#/components/headers/Cache-Control"
              },
              "RateLimit-Limit": {
                "$ref": "#/components/headers/RateLimit-Limit"
              },
              "RateLimit-Remaining": {
                "$ref": "#/components/headers/RateLimit-Remaining"
              },
              "RateLimit-Reset": {
                "$ref": "#/components/headers/RateLimit-Reset"
              }
            },
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/TechnicianList"
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/Error400"
          },
          "401": {
            "$ref": "#/components/responses/Error401"
          },
          "403": {
            "$ref": "#/components/responses/Error403"
          },
          "404": {
            "$ref": "#/components/responses/Error404"
          },
          "409": {
            "$ref": "#/components/responses/Error409"
          },
          "422": {
            "$ref": "#/components/responses/Error422"
          },
          "429": {
            "$ref": "#/components/responses/Error429"
          },
          "500": {
            "$ref": "#/components/responses/Error500"
          },
          "502": {
            "$ref": "#/components/responses/Error502"
          },
          "503": {
            "$ref": "#/components/responses/Error503"
          },
          "504": {
            "$ref": "#/components/responses/Error504"
          }
        }
      }
    },
    "/technicians/{public_id}": {
      "get": {
        "operationId": "getTechnician",
        "summary": "Get a technician",
        "description": "Deactivated technicians are still returned with \`active: false\`.",
        "tags": [
          "Technicians"
        ],
        "security": [
          {
            "bearerAuth": []
          }
        ],
        "x-required-scopes": [
          "technicians.read"
        ],
        "x-conditional-scopes": [],
        "parameters": [
          {
            "in": "path",
            "name": "public_id",
            "schema": {
              "type": "string",
              "description": "A tech_ id",
              "pattern": "^tech_[0-9A-Za-z]{1,64}$",
              "maxLength": 69,
              "example": "tech_4bW2yXk0fT9QmZr7LcVd1p"
            },
            "required": true,
            "description": "A tech_ id"
          }
        ],
        "responses": {
          "200": {
            "description": "The technician",
            "headers": {
              "X-Request-Id": {
                "$ref": "#/components/headers/X-Request-Id"
              },
              "Cache-Control": {
                "$ref": "#/components/headers/Cache-Control"
              },
              "RateLimit-Limit": {
                "$ref": "#/components/headers/RateLimit-Limit"
              },
              "RateLimit-Remaining": {
                "$ref": "#/components/headers/RateLimit-Remaining"
              },
              "RateLimit-Reset": {
                "$ref": "#/components/headers/RateLimit-Reset"
              }
            },
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Technician"
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/Error400"
          },
          "401": {
            "$ref": "#/components/responses/Error401"
          },
          "403": {
            "$ref": "#/components/responses/Error403"
          },
          "404": {
            "$ref": "#/components/responses/Error404"
          },
          "409": {
            "$ref": "#/components/responses/Error409"
          },
          "422": {
            "$ref": "#/components/responses/Error422"
          },
          "429": {
            "$ref": "#/components/responses/Error429"
          },
          "500": {
            "$ref": "#/components/responses/Error500"
          },
          "502": {
            "$ref": "#/components/responses/Error502"
          },
          "503": {
            "$ref": "#/components/responses/Error503"
          },
          "504": {
            "$ref": "#/components/responses/Error504"
          }
        },
        "x-shopapi-addition": true
      }
    },
    "/tasks": {
      "get": {
        "operationId": "listTasks",
        "summary": "List tasks",
        "description": "Newest first by \`sort\` (default \`created_at\`). Filters combine with AND; \`updated_after\` is strict. Done tasks are listed too (filter with \`status\`).",
        "tags": [
          "Tasks"
        ],
        "security": [
          {
            "bearerAuth": []
          }
        ],
        "x-required-scopes": [
          "tasks.read"
        ],
        "x-conditional-scopes": [],
        "parameters": [
          {
            "in": "query",
            "name": "limit",
            "schema": {
              "description": "Page size, 1-200, in plain decimal digits",
              "example": 50,
              "type": "integer",
              "minimum": 1,
              "maximum": 200,
              "default": 50
            },
            "description": "Page size, 1-200, in plain decimal digits"
          },
          {
            "in": "query",
            "name": "cursor",
            "schema": {
              "description": "The \`next_cursor\` of the previous page; the other parameters must not change",
              "maxLength": 1000,
              "type": "string"
            },
            "description": "The \`next_cursor\` of the previous page; the other parameters must not change"
          },
          {
            "in": "query",
            "name": "status",
            "schema": {
              "description": "Only tasks with this status",
              "type": "string",
              "enum": [
                "open",
                "in_progress",
                "blocked",
                "waiting",
                "done"
              ]
            },
            "description": "Only tasks with this status"
          },
          {
            "in": "query",
            "name": "assignee",
            "schema": {
              "type": "string",
              "description": "Only this technician's tasks (a tech_ id)",
              "pattern": "^tech_[0-9A-Za-z]{1,64}$",
              "maxLength": 69,
              "example": "tech_4bW2yXk0fT9QmZr7LcVd1p"
            }
          },
          {
            "in": "query",
            "name": "external_id",
            "schema": {
              "description": "This integration's external id",
              "type": "string",
              "minLength": 1,
              "maxLength": 255
            },
            "description": "This integration's external id"
          },
          {
            "in": "query",
            "name": "updated_after",
            "schema": {
              "description": "Only records updated strictly after this instant (RFC 3339, e.g. 2026-01-31T09:04:05-06:00)",
              "format": "date-time",
              "pattern": "^(\\\\d{4})-(\\\\d{2})-(\\\\d{2})[Tt](\\\\d{2}):(\\\\d{2}):(\\\\d{2})(\\\\.\\\\d{1,9})?(?:[Zz]|[+-](\\\\d{2}):(\\\\d{2}))$",
              "example": "2026-01-31T09:04:05-06:00",
              "type": "string",
              "maxLength": 40
            },
            "description": "Only records updated strictly after this instant (RFC 3339, e.g. 2026-01-31T09:04:05-06:00)"
          },
          {
            "in": "query",
            "name": "sort",
            "schema": {
              "default": "created_at",
              "description": "Newest first by this column; ties broken by id",
              "type": "string",
              "enum": [
                "created_at",
                "updated_at"
              ]
            },
            "description": "Newest first by this column; ties broken by id"
          }
        ],
        "responses": {
          "200": {
            "description": "A page of tasks",
            "headers": {
              "X-Request-Id": {
                "$ref": "#/components/headers/X-Request-Id"
              },
              "Cache-Control": {
                "$ref": "#/components/headers/Cache-Control"
              },
              "RateLimit-Limit": {
                "$ref": "#/components/headers/RateLimit-Limit"
              },
              "RateLimit-Remaining": {
                "$ref": "#/components/headers/RateLimit-Remaining"
              },
              "RateLimit-Reset": {
                "$ref": "#/components/headers/RateLimit-Reset"
              }
            },
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/TaskList"
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/Error400"
          },
          "401": {
            "$ref": "#/components/responses/Error401"
          },
          "403": {
            "$ref": "#/components/responses/Error403"
          },
          "404": {
            "$ref": "#/components/responses/Error404"
          },
          "409": {
            "$ref": "#/components/responses/Error409"
          },
          "422": {
            "$ref": "#/components/responses/Error422"
          },
          "429": {
            "$ref": "#/components/responses/Error429"
          },
          "500": {
            "$ref": "#/components/responses/Error500"
          },
          "502": {
            "$ref": "#/components/responses/Error502"
          },
          "503": {
            "$ref": "#/components/responses/Error503"
          },
          "504": {
            "$ref": "#/components/responses/Error504"
          }
        }
      },
      "post": {
        "operationId": "createTask",
        "summary": "Create a task",
        "description": "Status \`open\` and priority \`normal\` unless given; \`done\` is refused (409 \`conflict\`: complete the task after creating it). The assignee must be an active technician of the shop (404 unknown, 409 inactive); a linked repair order, customer or vehicle must be the shop's (404), and a merged customer or vehicle is 409 naming the survivor. Emits \`task.created\`.",
        "tags": [
          "Tasks"
        ],
        "security": [
          {
            "bearerAuth": []
          }
        ],
        "x-required-scopes": [
          "tasks.read",
          "tasks.write"
        ],
        "x-conditional-scopes": [],
        "parameters": [
          {
            "in": "header",
            "name": "Idempotency-Key",
            "schema": {
              "type": "string",
              "minLength": 1,
              "maxLength": 255,
              "pattern": "^[\\\\x21-\\\\x7e]+$",
              "description": "Makes a retry safe: the same key with the same body replays the first result for 7 days (with \`Idempotent-Replayed: true\`), redacted for the scopes the integration has at the replay; the key with a different body is 422 \`idempotency_key_reused\` for 30 days. The result is whatever the operation answered, its own refusals included (a 409 blocker, a 404, its 400s such as \`no_changes\`); a request refused before the operation ran (authentication, scopes, throttling, body validation) or with a 5xx binds nothing. Scoped to the integration. 1-255 visible ASCII characters; a UUID is ideal.",
              "example": "5f0c8e2a-3b1d-4c8e-9a57-2f6f1f3c9b10"
            },
            "required": true,
            "description": "Makes a retry safe: the same key with the same body replays the first result for 7 days (with \`Idempotent-Replayed: true\`), redacted for the scopes the integration has at the replay; the key with a different body is 422 \`idempotency_key_reused\` for 30 days. The result is whatever the operation answered, its own refusals included (a 409 blocker, a 404, its 400s such as \`no_changes\`); a request refused before the operation ran (authentication, scopes, throttling, body validation) or with a 5xx binds nothing. Scoped to the integration. 1-255 visible ASCII characters; a UUID is ideal."
          }
        ],
        "requestBody": {
          "required": true,
          "content": {
            "application/json": {
              "schema": {
                "$ref": "#/components/schemas/TaskCreate"
              }
            }
          }
        },
        "responses": {
          "201": {
            "description": "The new task",
            "headers": {
              "Idempotent-Replayed": {
                "$ref": "#/components/headers/Idempotent-Replayed"
              },
              "X-Request-Id": {
                "$ref": "#/components/headers/X-Request-Id"
              },
              "Cache-Control": {
                "$ref": "#/components/headers/Cache-Control"
              },
              "RateLimit-Limit": {
                "$ref": "#/components/headers/RateLimit-Limit"
              },
              "RateLimit-Remaining": {
                "$ref": "#/components/headers/RateLimit-Remaining"
              },
              "RateLimit-Reset": {
                "$ref": "#/components/headers/RateLimit-Reset"
              }
            },
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Task"
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/Error400"
          },
          "401": {
            "$ref": "#/components/responses/Error401"
          },
          "403": {
            "$ref": "#/components/responses/Error403"
          },
          "404": {
            "$ref": "#/components/responses/Error404"
          },
          "409": {
            "$ref": "#/components/responses/Error409"
          },
          "413": {
            "$ref": "#/components/responses/Error413"
          },
          "422": {
            "$ref": "#/components/responses/Error422"
          },
          "429": {
            "$ref": "#/components/responses/Error429"
          },
          "500": {
            "$ref": "#/components/responses/Error500"
          },
          "502": {
            "$ref": "#/components/responses/Error502"
          },
          "503": {
            "$ref": "#/components/responses/Error503"
          },
          "504": {
            "$ref": "#/components/responses/Error504"
          }
        }
      }
    },
    "/tasks/{public_id}": {
      "get": {
        "operationId": "getTask",
        "summary": "Get a task",
        "description": "Completed tasks are still returned with \`status: done\`.",
        "tags": [
          "Tasks"
        ],
        "security": [
          {
            "bearerAuth": []
          }
        ],
        "x-required-scopes": [
          "tasks.read"
        ],
        "x-conditional-scopes": [],
        "parameters": [
          {
            "in": "path",
            "name": "public_id",
            "schema": {
              "type": "string",
              "description": "A task_ id",
              "pattern": "^task_[0-9A-Za-z]{1,64}$",
              "maxLength": 69,
              "example": "task_4bW2yXk0fT9QmZr7LcVd1p"
            },
            "required": true,
            "description": "A task_ id"
          }
        ],
        "responses": {
          "200": {
            "description": "The task",
            "headers": {
              "X-Request-Id": {
                "$ref": "#/components/headers/X-Request-Id"
              },
              "Cache-Control": {
                "$ref": "#/components/headers/Cache-Control"
              },
              "RateLimit-Limit": {
                "$ref": "#/components/headers/RateLimit-Limit"
              },
              "RateLimit-Remaining": {
                "$ref": "#/components/headers/RateLimit-Remaining"
              },
              "RateLimit-Reset": {
                "$ref": "#/components/headers/RateLimit-Reset"
              }
            },
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Task"
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/Error400"
          },
          "401": {
            "$ref": "#/components/responses/Error401"
          },
          "403": {
            "$ref": "#/components/responses/Error403"
          },
          "404": {
            "$ref": "#/components/responses/Error404"
          },
          "409": {
            "$ref": "#/components/responses/Error409"
          },
          "422": {
            "$ref": "#/components/responses/Error422"
          },
          "429": {
            "$ref": "#/components/responses/Error429"
          },
          "500": {
            "$ref": "#/components/responses/Error500"
          },
          "502": {
            "$ref": "#/components/responses/Error502"
          },
          "503": {
            "$ref": "#/components/responses/Error503"
          },
          "504": {
            "$ref": "#/components/responses/Error504"
          }
        },
        "x-shopapi-addition": true
      },
      "patch": {
        "operationId": "updateTask",
        "summary": "Update a task",
        "description": "Presence-aware: omitted fields are unchanged, null clears a nullable field. \`status\` may move between any two statuses but \`done\` (409 \`conflict\`: use POST /tasks/{id}/complete); setting another status on a done task reopens it and clears \`completed_at\`. A body that changes nothing is 400 \`no_changes\`; a stale \`expected_version\` is 409 \`version_conflict\`. Emits \`task.updated\` with \`changed_fields\` (and \`previous_status\` when the status moved).",
        "tags": [
          "Tasks"
        ],
        "security": [
          {
            "bearerAuth": []
          }
        ],
        "x-required-scopes": [
          "tasks.read",
          "tasks.write"
        ],
        "x-conditional-scopes": [],
        "parameters": [
          {
            "in": "path",
            "name": "public_id",
            "schema": {
              "type": "string",
              "description": "A task_ id",
              "pattern": "^task_[0-9A-Za-z]{1,64}$",
              "maxLength": 69,
              "example": "task_4bW2yXk0fT9QmZr7LcVd1p"
            },
            "required": true,
            "description": "A task_ id"
          },
          {
            "in": "header",
            "name": "Idempotency-Key",
            "schema": {
              "type": "string",
              "minLength": 1,
              "maxLength": 255,
              "pattern": "^[\\\\x21-\\\\x7e]+$",
              "description": "Makes a retry safe: the same key with the same body replays the first result for 7 days (with \`Idempotent-Replayed: true\`), redacted for the scopes the integration has at the replay; the key with a different body is 422 \`idempotency_key_reused\` for 30 days. The result is whatever the operation answered, its own refusals included (a 409 blocker, a 404, its 400s such as \`no_changes\`); a request refused before the operation ran (authentication, scopes, throttling, body validation) or with a 5xx binds nothing. Scoped to the integration. 1-255 visible ASCII characters; a UUID is ideal.",
              "example": "5f0c8e2a-3b1d-4c8e-9a57-2f6f1f3c9b10"
            }
          }
        ],
        "requestBody": {
          "required": true,
          "content": {
            "application/json": {
              "schema": {
                "$ref": "#/components/schemas/TaskUpdate"
              }
            }
          }
        },
        "responses": {
          "200": {
            "description": "The updated task",
            "headers": {
              "Idempotent-Replayed": {
                "$ref": "#/components/headers/Idempotent-Replayed"
              },
              "X-Request-Id": {
                "$ref": "#/components/headers/X-Request-Id"
              },
              "Cache-Control": {
                "$ref": "#/components/headers/Cache-Control"
              },
              "RateLimit-Limit": {
                "$ref": "#/components/headers/RateLimit-Limit"
              },
              "RateLimit-Remaining": {
                "$ref": "#/components/headers/RateLimit-Remaining"
              },
              "RateLimit-Reset": {
                "$ref": "#/components/headers/RateLimit-Reset"
              }
            },
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Task"
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/Error400"
          },
          "401": {
            "$ref": "#/components/responses/Error401"
          },
          "403": {
            "$ref": "#/components/responses/Error403"
          },
          "404": {
            "$ref": "#/components/responses/Error404"
          },
          "409": {
            "$ref": "#/components/responses/Error409"
          },
          "413": {
            "$ref": "#/components/responses/Error413"
          },
          "422": {
            "$ref": "#/components/responses/Error422"
          },
          "429": {
            "$ref": "#/components/responses/Error429"
          },
          "500": {
            "$ref": "#/components/responses/Error500"
          },
          "502": {
            "$ref": "#/components/responses/Error502"
          },
          "503": {
            "$ref": "#/components/responses/Error503"
          },
          "504": {
            "$ref": "#/components/responses/Error504"
          }
        }
      }
    },
    "/tasks/{public_id}/complete": {
      "post": {
        "operationId": "completeTask",
        "summary": "Complete a task",
        "description": "Sets \`status\` to \`done\` and \`completed_at\`, from any other status, and emits \`task.completed\`. Completing a done task returns it unchanged (200, same version, no event).",
        "tags": [
          "Tasks"
        ],
        "security": [
          {
            "bearerAuth": []
          }
        ],
        "x-required-scopes": [
          "tasks.read",
          "tasks.write"
        ],
        "x-conditional-scopes": [],
        "parameters": [
          {
            "in": "path",
            "name": "public_id",
            "schema": {
              "type": "string",
              "description": "A task_ id",
              "pattern": "^task_[0-9A-Za-z]{1,64}$",
              "maxLength": 69,
              "example": "task_4bW2yXk0fT9QmZr7LcVd1p"
            },
            "required": true,
            "description": "A task_ id"
          },
          {
            "in": "header",
            "name": "Idempotency-Key",
            "schema": {
              "type": "string",
              "minLength": 1,
              "maxLength": 255,
              "pattern": "^[\\\\x21-\\\\x7e]+$",
              "description": "Makes a retry safe: the same key with the same body replays the first result for 7 days (with \`Idempotent-Replayed: true\`), redacted for the scopes the integration has at the replay; the key with a different body is 422 \`idempotency_key_reused\` for 30 days. The result is whatever the operation answered, its own refusals included (a 409 blocker, a 404, its 400s such as \`no_changes\`); a request refused before the operation ran (authentication, scopes, throttling, body validation) or with a 5xx binds nothing. Scoped to the integration. 1-255 visible ASCII characters; a UUID is ideal.",
              "example": "5f0c8e2a-3b1d-4c8e-9a57-2f6f1f3c9b10"
            },
            "required": true,
            "description": "Makes a retry safe: the same key with the same body replays the first result for 7 days (with \`Idempotent-Replayed: true\`), redacted for the scopes the integration has at the replay; the key with a different body is 422 \`idempotency_key_reused\` for 30 days. The result is whatever the operation answered, its own refusals included (a 409 blocker, a 404, its 400s such as \`no_changes\`); a request refused before the operation ran (authentication, scopes, throttling, body validation) or with a 5xx binds nothing. Scoped to the integration. 1-255 visible ASCII characters; a UUID is ideal."
          }
        ],
        "responses": {
          "200": {
            "description": "The task, done",
            "headers": {
              "Idempotent-Replayed": {
                "$ref": "#/components/headers/Idempotent-Replayed"
              },
              "X-Request-Id": {
                "$ref": "#/components/headers/X-Request-Id"
              },
              "Cache-Control": {
                "$ref": "#/components/headers/Cache-Control"
              },
              "RateLimit-Limit": {
                "$ref": "#/components/headers/RateLimit-Limit"
              },
              "RateLimit-Remaining": {
                "$ref": "#/components/headers/RateLimit-Remaining"
              },
              "RateLimit-Reset": {
                "$ref": "#/components/headers/RateLimit-Reset"
              }
            },
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Task"
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/Error400"
          },
          "401": {
            "$ref": "#/components/responses/Error401"
          },
          "403": {
            "$ref": "#/components/responses/Error403"
          },
          "404": {
            "$ref": "#/components/responses/Error404"
          },
          "409": {
            "$ref": "#/components/responses/Error409"
          },
          "413": {
            "$ref": "#/components/responses/Error413"
          },
          "422": {
            "$ref": "#/components/responses/Error422"
          },
          "429": {
            "$ref": "#/components/responses/Error429"
          },
          "500": {
            "$ref": "#/components/responses/Error500"
          },
          "502": {
            "$ref": "#/components/responses/Error502"
          },
          "503": {
            "$ref": "#/components/responses/Error503"
          },
          "504": {
            "$ref": "#/components/responses/Error504"
          }
        }
      }
    },
    "/tasks/{public_id}/external-id": {
      "put": {
        "operationId": "setTaskExternalId",
        "summary": "Set this integration's external id of a task",
        "description": "Replaces any previous external id this integration set on the record. Private to the integration; an id already on another record of the type is 409 \`conflict\` with the blocker reason \`external_id_in_use\`.",
        "tags": [
          "Tasks"
        ],
        "security": [
          {
            "bearerAuth": []
          }
        ],
        "x-required-scopes": [
          "tasks.read",
          "external_refs.write"
        ],
        "x-conditional-scopes": [],
        "parameters": [
          {
            "in": "path",
            "name": "public_id",
            "schema": {
              "type": "string",
              "description": "A task_ id",
              "pattern": "^task_[0-9A-Za-z]{1,64}$",
              "maxLength": 69,
              "example": "task_4bW2yXk0fT9QmZr7LcVd1p"
            },
            "required": true,
            "description": "A task_ id"
          },
          {
            "in": "header",
            "name": "Idempotency-Key",
            "schema": {
              "type": "string",
              "minLength": 1,
              "maxLength": 255,
              "pattern": "^[\\\\x21-\\\\x7e]+$",
              "description": "Makes a retry safe: the same key with the same body replays the first result for 7 days (with \`Idempotent-Replayed: true\`), redacted for the scopes the integration has at the replay; the key with a different body is 422 \`idempotency_key_reused\` for 30 days. The result is whatever the operation answered, its own refusals included (a 409 blocker, a 404, its 400s such as \`no_changes\`); a request refused before the operation ran (authentication, scopes, throttling, body validation) or with a 5xx binds nothing. Scoped to the integration. 1-255 visible ASCII characters; a UUID is ideal.",
              "example": "5f0c8e2a-3b1d-4c8e-9a57-2f6f1f3c9b10"
            }
          }
        ],
        "requestBody": {
          "required": true,
          "content": {
            "application/json": {
              "schema": {
                "$ref": "#/components/schemas/ExternalIdRequest"
              }
            }
          }
        },
        "responses": {
          "200": {
            "description": "The external reference",
            "headers": {
              "Idempotent-Replayed": {
                "$ref": "#/components/headers/Idempotent-Replayed"
              },
              "X-Request-Id": {
                "$ref": "#/components/headers/X-Request-Id"
              },
              "Cache-Control": {
                "$ref": "#/components/headers/Cache-Control"
              },
              "RateLimit-Limit": {
                "$ref": "#/components/headers/RateLimit-Limit"
              },
              "RateLimit-Remaining": {
                "$ref": "#/components/headers/RateLimit-Remaining"
              },
              "RateLimit-Reset": {
                "$ref": "#/components/headers/RateLimit-Reset"
              }
            },
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/ExternalReference"
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/Error400"
          },
          "401": {
            "$ref": "#/components/responses/Error401"
          },
          "403": {
            "$ref": "#/components/responses/Error403"
          },
          "404": {
            "$ref": "#/components/responses/Error404"
          },
          "409": {
            "$ref": "#/components/responses/Error409"
          },
          "413": {
            "$ref": "#/components/responses/Error413"
          },
          "422": {
            "$ref": "#/components/responses/Error422"
          },
          "429": {
            "$ref": "#/components/responses/Error429"
          },
          "500": {
            "$ref": "#/components/responses/Error500"
          },
          "502": {
            "$ref": "#/components/responses/Error502"
          },
          "503": {
            "$ref": "#/components/responses/Error503"
          },
          "504": {
            "$ref": "#/components/responses/Error504"
          }
        }
      },
      "delete": {
        "operationId": "deleteTaskExternalId",
        "summary": "Remove this integration's external id from a task",
        "description": "Answers with \`external_id: null\`, also when none was set.",
        "tags": [
          "Tasks"
        ],
        "security": [
          {
            "bearerAuth": []
          }
        ],
        "x-required-scopes": [
          "tasks.read",
          "external_refs.write"
        ],
        "x-conditional-scopes": [],
        "parameters": [
          {
            "in": "path",
            "name": "public_id",
            "schema": {
              "type": "string",
              "description": "A task_ id",
              "pattern": "^task_[0-9A-Za-z]{1,64}$",
              "maxLength": 69,
              "example": "task_4bW2yXk0fT9QmZr7LcVd1p"
            },
            "required": true,
            "description": "A task_ id"
          },
          {
            "in": "header",
            "name": "Idempotency-Key",
            "schema": {
              "type": "string",
              "minLength": 1,
              "maxLength": 255,
              "pattern": "^[\\\\x21-\\\\x7e]+$",
              "description": "Makes a retry safe: the same key with the same body replays the first result for 7 days (with \`Idempotent-Replayed: true\`), redacted for the scopes the integration has at the replay; the key with a different body is 422 \`idempotency_key_reused\` for 30 days. The result is whatever the operation answered, its own refusals included (a 409 blocker, a 404, its 400s such as \`no_changes\`); a request refused before the operation ran (authentication, scopes, throttling, body validation) or with a 5xx binds nothing. Scoped to the integration. 1-255 visible ASCII characters; a UUID is ideal.",
              "example": "5f0c8e2a-3b1d-4c8e-9a57-2f6f1f3c9b10"
            }
          }
        ],
        "responses": {
          "200": {
            "description": "The external reference, now empty",
            "headers": {
              "Idempotent-Replayed": {
                "$ref": "#/components/headers/Idempotent-Replayed"
              },
              "X-Request-Id": {
                "$ref": "#/components/headers/X-Request-Id"
              },
              "Cache-Control": {
                "$ref": "#/components/headers/Cache-Control"
              },
              "RateLimit-Limit": {
                "$ref": "#/components/headers/RateLimit-Limit"
              },
              "RateLimit-Remaining": {
                "$ref": "#/components/headers/RateLimit-Remaining"
              },
              "RateLimit-Reset": {
                "$ref": "#/components/headers/RateLimit-Reset"
              }
            },
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/ExternalReference"
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/Error400"
          },
          "401": {
            "$ref": "#/components/responses/Error401"
          },
          "403": {
            "$ref": "#/components/responses/Error403"
          },
          "404": {
            "$ref": "#/components/responses/Error404"
          },
          "409": {
            "$ref": "#/components/responses/Error409"
          },
          "413": {
            "$ref": "#/components/responses/Error413"
          },
          "422": {
            "$ref": "#/components/responses/Error422"
          },
          "429": {
            "$ref": "#/components/responses/Error429"
          },
          "500": {
            "$ref": "#/components/responses/Error500"
          },
          "502": {
            "$ref": "#/components/responses/Error502"
          },
          "503": {
            "$ref": "#/components/responses/Error503"
          },
          "504": {
            "$ref": "#/components/responses/Error504"
          }
        }
      }
    },
    "/invoices": {
      "get": {
        "operationId": "listInvoices",
        "summary": "List invoices and credit notes",
        "description": "Newest first by \`created_at\`, each with its lines, taxes and discounts. A page holds at most 5,000 lines in all, so with heavy invoices it holds fewer than \`limit\` (see \`limit\`): page by \`next_cursor\` until \`has_more\` is false. Filters combine with AND; \`business_date_from\` and \`business_date_to\` are inclusive shop-local dates. There is no \`updated_after\`: documents never change except by voiding, so sync by business-date ranges (overlap the last day or two) and de-duplicate on \`id\`.",
        "tags": [
          "Invoices"
        ],
        "security": [
          {
            "bearerAuth": []
          }
        ],
        "x-required-scopes": [
          "invoices.read"
        ],
        "x-conditional-scopes": [],
        "parameters": [
          {
            "in": "query",
            "name": "limit",
            "schema": {
              "description": "Page size, 1-200, in plain decimal digits: the most invoices a page holds. A page also holds at most 5,000 lines in all (always at least one invoice), so with heavy invoices it holds fewer, with \`has_more\` true and a \`next_cursor\` that continues right after it: page until \`has_more\` is false, never by counting rows",
              "example": 50,
              "type": "integer",
              "minimum": 1,
              "maximum": 200,
              "default": 50
            },
            "description": "Page size, 1-200, in plain decimal digits: the most invoices a page holds. A page also holds at most 5,000 lines in all (always at least one invoice), so with heavy invoices it holds fewer, with \`has_more\` true and a \`next_cursor\` that continues right after it: page until \`has_more\` is false, never by counting rows"
          },
          {
            "in": "query",
            "name": "cursor",
            "schema": {
              "description": "The \`next_cursor\` of the previous page; the other parameters must not change",
              "maxLength": 1000,
              "type": "string"
            },
            "description": "The \`next_cursor\` of the previous page; the other parameters must not change"
          },
          {
            "in": "query",
            "name": "status",
            "schema": {
              "description": "Only documents in this status",
              "type": "string",
              "enum": [
                "posted",
                "voided"
              ]
            },
            "description": "Only documents in this status"
          },
          {
            "in": "query",
            "name": "doc_type",
            "schema": {
              "description": "Only invoices or only credit notes",
              "type": "string",
              "enum": [
                "invoice",
                "credit_note"
              ]
            },
            "description": "Only invoices or only credit notes"
          },
          {
            "in": "query",
            "name": "customer",
            "schema": {
              "type": "string",
              "description": "Only this customer's documents (a cus_ id)",
              "pattern": "^cus_[0-9A-Za-z]{1,64}$",
              "maxLength": 68,
              "example": "cus_4bW2yXk0fT9QmZr7LcVd1p"
            }
          },
          {
            "in": "query",
            "name": "repair_order",
            "schema": {
              "type": "string",
              "description": "Only this repair order's documents (a ro_ id)",
              "pattern": "^ro_[0-9A-Za-z]{1,64}$",
              "maxLength": 67,
              "example": "ro_4bW2yXk0fT9QmZr7LcVd1p"
            }
          },
          {
            "in": "query",
            "name": "number",
            "schema": {
              "description": "The exact number (integer >= 0); with doc_type, one document",
              "example": "1",
              "type": "string",
              "maxLength": 18,
              "pattern": "^[0-9]+$"
            },
            "description": "The exact number (integer >= 0); with doc_type, one document"
          },
          {
            "in": "query",
            "name": "business_date_from",
            "schema": {
              "description": "Only documents with business_date on or after this date (inclusive)",
              "format": "date",
              "example": "2026-01-31",
              "type": "string",
              "maxLength": 10
            },
            "description": "Only documents with business_date on or after this date (inclusive)"
          },
          {
            "in": "query",
            "name": "business_date_to",
            "schema": {
              "description": "Only documents with business_date on or before this date (inclusive)",
              "format": "date",
              "example": "2026-01-31",
              "type": "string",
              "maxLength": 10
            },
            "description": "Only documents with business_date on or before this date (inclusive)"
          }
        ],
        "responses": {
          "200": {
            "description": "A page of invoices and credit notes",
            "headers": {
              "X-Request-Id": {
                "$ref": "#/components/headers/X-Request-Id"
              },
              "Cache-Control": {
                "$ref": "#/components/headers/Cache-Control"
              },
              "RateLimit-Limit": {
                "$ref": "#/components/headers/RateLimit-Limit"
              },
              "RateLimit-Remaining": {
                "$ref": "#/components/headers/RateLimit-Remaining"
              },
              "RateLimit-Reset": {
                "$ref": "#/components/headers/RateLimit-Reset"
              }
            },
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/InvoiceList"
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/Error400"
          },
          "401": {
            "$ref": "#/components/responses/Error401"
          },
          "403": {
            "$ref": "#/components/responses/Error403"
          },
          "404": {
            "$ref": "#/components/responses/Error404"
          },
          "409": {
            "$ref": "#/components/responses/Error409"
          },
          "422": {
            "$ref": "#/components/responses/Error422"
          },
          "429": {
            "$ref": "#/components/responses/Error429"
          },
          "500": {
            "$ref": "#/components/responses/Error500"
          },
          "502": {
            "$ref": "#/components/responses/Error502"
          },
          "503": {
            "$ref": "#/components/responses/Error503"
          },
          "504": {
            "$ref": "#/components/responses/Error504"
          }
        }
      }
    },
    "/invoices/{public_id}": {
      "get": {
        "operationId": "getInvoice",
        "summary": "Get an invoice or credit note",
        "description": "A posted document with its lines and taxes; a credit note names the invoice it corrects in \`credit_note_of\`.",
        "tags": [
          "Invoices"
        ],
        "security": [
          {
            "bearerAuth": []
          }
        ],
        "x-required-scopes": [
          "invoices.read"
        ],
        "x-conditional-scopes": [],
        "parameters": [
          {
            "in": "path",
            "name": "public_id",
            "schema": {
              "type": "string",
              "description": "A inv_ id",
              "pattern": "^inv_[0-9A-Za-z]{1,64}$",
              "maxLength": 68,
              "example": "inv_4bW2yXk0fT9QmZr7LcVd1p"
            },
            "required": true,
            "description": "A inv_ id"
          }
        ],
        "responses": {
          "200": {
            "description": "The invoice or credit note",
            "headers": {
              "X-Request-Id": {
                "$ref": "#/components/headers/X-Request-Id"
              },
              "Cache-Control": {
                "$ref": "#/components/headers/Cache-Control"
              },
              "RateLimit-Limit": {
                "$ref": "#/components/headers/RateLimit-Limit"
              },
              "RateLimit-Remaining": {
                "$ref": "#/components/headers/RateLimit-Remaining"
              },
              "RateLimit-Reset": {
                "$ref": "#/components/headers/RateLimit-Reset"
              }
            },
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Invoice"
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/Error400"
          },
          "401": {
            "$ref": "#/components/responses/Error401"
          },
          "403": {
            "$ref": "#/components/responses/Error403"
          },
          "404": {
            "$ref": "#/components/responses/Error404"
          },
          "409": {
            "$ref": "#/components/responses/Error409"
          },
          "422": {
            "$ref": "#/components/responses/Error422"
          },
          "429": {
            "$ref": "#/components/responses/Error429"
          },
          "500": {
            "$ref": "#/components/responses/Error500"
          },
          "502": {
            "$ref": "#/components/responses/Error502"
          },
          "503": {
            "$ref": "#/components/responses/Error503"
          },
          "504": {
            "$ref": "#/components/responses/Error504"
          }
        }
      }
    },
    "/payments": {
      "get": {
        "operationId": "listPayments",
        "summary": "List payments",
        "description": "Newest first by \`created_at\`. Filters combine with AND; \`business_date_from\` and \`business_date_to\` are inclusive shop-local dates. Payments never change: sync by business-date ranges and de-duplicate on \`id\`. A reversal is a payment of its own (negative, with \`reversal_of\`).",
        "tags": [
          "Payments"
        ],
        "security": [
          {
            "bearerAuth": []
          }
        ],
        "x-required-scopes": [
          "payments.read"
        ],
        "x-conditional-scopes": [],
        "parameters": [
          {
            "in": "query",
            "name": "limit",
            "schema": {
              "description": "Page size, 1-200, in plain decimal digits",
              "example": 50,
              "type": "integer",
              "minimum": 1,
              "maximum": 200,
              "default": 50
            },
            "description": "Page size, 1-200, in plain decimal digits"
          },
          {
            "in": "query",
            "name": "cursor",
            "schema": {
              "description": "The \`next_cursor\` of the previous page; the other parameters must not change",
              "maxLength": 1000,
              "type": "string"
            },
            "description": "The \`next_cursor\` of the previous page; the other parameters must not change"
          },
          {
            "in": "query",
            "name": "settlement_target",
            "schema": {
              "description": "Only payments settling this kind of document",
              "type": "string",
              "enum": [
                "invoice"
              ]
            },
            "description": "Only payments settling this kind of document"
          },
          {
            "in": "query",
            "name": "repair_order",
            "schema": {
              "type": "string",
              "description": "Only payments of this repair order's invoices (a ro_ id)",
              "pattern": "^ro_[0-9A-Za-z]{1,64}$",
              "maxLength": 67,
              "example": "ro_4bW2yXk0fT9QmZr7LcVd1p"
            }
          },
          {
            "in": "query",
            "name": "invoice",
            "schema": {
              "type": "string",
              "description": "Only payments of this invoice (an inv_ id)",
              "pattern": "^inv_[0-9A-Za-z]{1,64}$",
              "maxLength": 68,
              "example": "inv_4bW2yXk0fT9QmZr7LcVd1p"
            }
          },
          {
            "in": "query",
            "name": "business_date_from",
            "schema": {
              "description": "Only payments with business_date on or after this date (inclusive)",
              "format": "date",
              "example": "2026-01-31",
              "type": "string",
              "maxLength": 10
            },
            "description": "Only payments with business_date on or after this date (inclusive)"
          },
          {
            "in": "query",
            "name": "business_date_to",
            "schema": {
              "description": "Only payments with business_date on or before this date (inclusive)",
              "format": "date",
              "example": "2026-01-31",
              "type": "string",
              "maxLength": 10
            },
            "description": "Only payments with business_date on or before this date (inclusive)"
          }
        ],
        "responses": {
          "200": {
            "description": "A page of payments",
            "headers": {
              "X-Request-Id": {
                "$ref": "#/components/headers/X-Request-Id"
              },
              "Cache-Control": {
                "$ref": "#/components/headers/Cache-Control"
              },
              "RateLimit-Limit": {
                "$ref": "#/components/headers/RateLimit-Limit"
              },
              "RateLimit-Remaining": {
                "$ref": "#/components/headers/RateLimit-Remaining"
              },
              "RateLimit-Reset": {
                "$ref": "#/components/headers/RateLimit-Reset"
              }
            },
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/PaymentList"
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/Error400"
          },
          "401": {
            "$ref": "#/components/responses/Error401"
          },
          "403": {
            "$ref": "#/components/responses/Error403"
          },
          "404": {
            "$ref": "#/components/responses/Error404"
          },
          "409": {
            "$ref": "#/components/responses/Error409"
          },
          "422": {
            "$ref": "#/components/responses/Error422"
          },
          "429": {
            "$ref": "#/components/responses/Error429"
          },
          "500": {
            "$ref": "#/components/responses/Error500"
          },
          "502": {
            "$ref": "#/components/responses/Error502"
          },
          "503": {
            "$ref": "#/components/responses/Error503"
          },
          "504": {
            "$ref": "#/components/responses/Error504"
          }
        }
      }
    },
    "/payments/{public_id}": {
      "get": {
        "operationId": "getPayment",
        "summary": "Get a payment",
        "description": "A reversal is a negative payment whose \`reversal_of\` names the payment it reverses.",
        "tags": [
          "Payments"
        ],
        "security": [
          {
            "bearerAuth": []
          }
        ],
        "x-required-scopes": [
          "payments.read"
        ],
        "x-conditional-scopes": [],
        "parameters": [
          {
            "in": "path",
            "name": "public_id",
            "schema": {
              "type": "string",
              "description": "A pay_ id",
              "pattern": "^pay_[0-9A-Za-z]{1,64}$",
              "maxLength": 68,
              "example": "pay_4bW2yXk0fT9QmZr7LcVd1p"
            },
            "required": true,
            "description": "A pay_ id"
          }
        ],
        "responses": {
          "200": {
            "description": "The payment",
            "headers": {
              "X-Request-Id": {
                "$ref": "#/components/headers/X-Request-Id"
              },
              "Cache-Control": {
                "$ref": "#/components/headers/Cache-Control"
              },
              "RateLimit-Limit": {
                "$ref": "#/components/headers/RateLimit-Limit"
              },
              "RateLimit-Remaining": {
                "$ref": "#/components/headers/RateLimit-Remaining"
              },
              "RateLimit-Reset": {
                "$ref": "#/components/headers/RateLimit-Reset"
              }
            },
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Payment"
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/Error400"
          },
          "401": {
            "$ref": "#/components/responses/Error401"
          },
          "403": {
            "$ref": "#/components/responses/Error403"
          },
          "404": {
            "$ref": "#/components/responses/Error404"
          },
          "409": {
            "$ref": "#/components/responses/Error409"
          },
          "422": {
            "$ref": "#/components/responses/Error422"
          },
          "429": {
            "$ref": "#/components/responses/Error429"
          },
          "500": {
            "$ref": "#/components/responses/Error500"
          },
          "502": {
            "$ref": "#/components/responses/Error502"
          },
          "503": {
            "$ref": "#/components/responses/Error503"
          },
          "504": {
            "$ref": "#/components/responses/Error504"
          }
        }
      }
    },
    "/events": {
      "get": {
        "operationId": "listEvents",
        "summary": "List events",
        "description": "The retained log of the last 30 days, newest first; with \`order=asc\`, the feed a sync keeps its place in: oldest first in commit order, and every page, the last included, answers a \`next_cursor\` that later returns exactly the events committed since, each once. Only event types the key's scopes can read are shown (customers.read for customer.*, vehicles.read for vehicle.*, …; \`webhook_endpoint.disabled\` needs webhooks.manage and shows only the integration's own endpoints). Test events are not listed. A cursor stays valid for 30 days from the answer that issued it (each feed page issues a fresh one); when it expires, crawl the feed again from its start and de-duplicate on event id.",
        "tags": [
          "Events"
        ],
        "security": [
          {
            "bearerAuth": []
          }
        ],
        "x-required-scopes": [],
        "x-conditional-scopes": [],
        "parameters": [
          {
            "in": "query",
            "name": "limit",
            "schema": {
              "description": "Page size, 1-200, in plain decimal digits",
              "example": 50,
              "type": "integer",
              "minimum": 1,
              "maximum": 200,
              "default": 50
            },
            "description": "Page size, 1-200, in plain decimal digits"
          },
          {
            "in": "query",
            "name": "cursor",
            "schema": {
              "description": "The \`next_cursor\` of the previous page; valid while the events it points past are retained (30 days)",
              "maxLength": 1000,
              "type": "string"
            },
            "description": "The \`next_cursor\` of the previous page; valid while the events it points past are retained (30 days)"
          },
          {
            "in": "query",
            "name": "type",
            "schema": {
              "description": "Only events of this type",
              "$ref": "#/components/schemas/EventType"
            },
            "description": "Only events of this type"
          },
          {
            "in": "query",
            "name": "order",
            "schema": {
              "default": "desc",
              "description": "\`desc\` (default): newest first by \`created_at\`, for browsing; the last page has \`next_cursor\` null. \`asc\`: the feed, for sync: oldest first from the start of the retained window in commit order (an event appears once the transactions before it have ended, so a kept cursor never passes over one that committed late); every page has a \`next_cursor\`, the last one (\`has_more\` false) included: keep it, and it later returns exactly the events committed since, each once",
              "type": "string",
              "enum": [
                "desc",
                "asc"
              ]
            },
            "description": "\`desc\` (default): newest first by \`created_at\`, for browsing; the last page has \`next_cursor\` null. \`asc\`: the feed, for sync: oldest first from the start of the retained window in commit order (an event appears once the transactions before it have ended, so a kept cursor never passes over one that committed late); every page has a \`next_cursor\`, the last one (\`has_more\` false) included: keep it, and it later returns exactly the events committed since, each once",
            "x-shopapi-addition": true
          }
        ],
        "responses": {
          "200": {
            "description": "A page of events",
            "headers": {
              "X-Request-Id": {
                "$ref": "#/components/headers/X-Request-Id"
              },
              "Cache-Control": {
                "$ref": "#/components/headers/Cache-Control"
              },
              "RateLimit-Limit": {
                "$ref": "#/components/headers/RateLimit-Limit"
              },
              "RateLimit-Remaining": {
                "$ref": "#/components/headers/RateLimit-Remaining"
              },
              "RateLimit-Reset": {
                "$ref": "#/components/headers/RateLimit-Reset"
              }
            },
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/EventList"
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/Error400"
          },
          "401": {
            "$ref": "#/components/responses/Error401"
          },
          "403": {
            "$ref": "#/components/responses/Error403"
          },
          "404": {
            "$ref": "#/components/responses/Error404"
          },
          "409": {
            "$ref": "#/components/responses/Error409"
          },
          "422": {
            "$ref": "#/components/responses/Error422"
          },
          "429": {
            "$ref": "#/components/responses/Error429"
          },
          "500": {
            "$ref": "#/components/responses/Error500"
          },
          "502": {
            "$ref": "#/components/responses/Error502"
          },
          "503": {
            "$ref": "#/components/responses/Error503"
          },
          "504": {
            "$ref": "#/components/responses/Error504"
          }
        }
      }
    },
    "/events/{public_id}": {
      "get": {
        "operationId": "getEvent",
        "summary": "Get an event",
        "description": "An event of the last 30 days. Only event types the key's scopes can read are shown (customers.read for customer.*, vehicles.read for vehicle.*, …; \`webhook_endpoint.disabled\` needs webhooks.manage and shows only the integration's own endpoints). An event the key cannot see is 404, as is a test event of another integration.",
        "tags": [
          "Events"
        ],
        "security": [
          {
            "bearerAuth": []
          }
        ],
        "x-required-scopes": [],
        "x-conditional-scopes": [],
        "parameters": [
          {
            "in": "path",
            "name": "public_id",
            "schema": {
              "type": "string",
              "description": "A evt_ id",
              "pattern": "^evt_[0-9A-Za-z]{1,64}$",
              "maxLength": 68,
              "example": "evt_4bW2yXk0fT9QmZr7LcVd1p"
            },
            "required": true,
            "description": "A evt_ id"
          }
        ],
        "responses": {
          "200": {
            "description": "The event",
            "headers": {
              "X-Request-Id": {
                "$ref": "#/components/headers/X-Request-Id"
              },
              "Cache-Control": {
                "$ref": "#/components/headers/Cache-Control"
              },
              "RateLimit-Limit": {
                "$ref": "#/components/headers/RateLimit-Limit"
              },
              "RateLimit-Remaining": {
                "$ref": "#/components/headers/RateLimit-Remaining"
              },
              "RateLimit-Reset": {
                "$ref": "#/components/headers/RateLimit-Reset"
              }
            },
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Event"
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/Error400"
          },
          "401": {
            "$ref": "#/components/responses/Error401"
          },
          "403": {
            "$ref": "#/components/responses/Error403"
          },
          "404": {
            "$ref": "#/components/responses/Error404"
          },
          "409": {
            "$ref": "#/components/responses/Error409"
          },
          "422": {
            "$ref": "#/components/responses/Error422"
          },
          "429": {
            "$ref": "#/components/responses/Error429"
          },
          "500": {
            "$ref": "#/components/responses/Error500"
          },
          "502": {
            "$ref": "#/components/responses/Error502"
          },
          "503": {
            "$ref": "#/components/responses/Error503"
          },
          "504": {
            "$ref": "#/components/responses/Error504"
          }
        }
      }
    },
    "/webhook-endpoints": {
      "get": {
        "operationId": "listWebhookEndpoints",
        "summary": "List webhook endpoints",
        "description": "Every endpoint of the integration, oldest first, in one unpaginated list (at most 10). No secrets. An integration sees and manages only its own endpoints; another integration's endpoint is 404.",
        "tags": [
          "Webhook endpoints"
        ],
        "security": [
          {
            "bearerAuth": []
          }
        ],
        "x-required-scopes": [
          "webhooks.manage"
        ],
        "x-conditional-scopes": [],
        "parameters": [],
        "responses": {
          "200": {
            "description": "The integration's endpoints",
            "headers": {
              "X-Request-Id": {
                "$ref": "#/components/headers/X-Request-Id"
              },
              "Cache-Control": {
                "$ref": "#/components/headers/Cache-Control"
              },
              "RateLimit-Limit": {
                "$ref": "#/components/headers/RateLimit-Limit"
              },
              "RateLimit-Remaining": {
                "$ref": "#/components/headers/RateLimit-Remaining"
              },
              "RateLimit-Reset": {
                "$ref": "#/components/headers/RateLimit-Reset"
              }
            },
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/WebhookEndpointList"
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/Error400"
          },
          "401": {
            "$ref": "#/components/responses/Error401"
          },
          "403": {
            "$ref": "#/components/responses/Error403"
          },
          "404": {
            "$ref": "#/components/responses/Error404"
          },
          "409": {
            "$ref": "#/components/responses/Error409"
          },
          "422": {
            "$ref": "#/components/responses/Error422"
          },
          "429": {
            "$ref": "#/components/responses/Error429"
          },
          "500": {
            "$ref": "#/components/responses/Error500"
          },
          "502": {
            "$ref": "#/components/responses/Error502"
          },
          "503": {
            "$ref": "#/components/responses/Error503"
          },
          "504": {
            "$ref": "#/components/responses/Error504"
          }
        }
      },
      "post": {
        "operationId": "createWebhookEndpoint",
        "summary": "Create a webhook endpoint",
        "description": "Registers a receiver and returns its signing secret, once. Retrying with the same Idempotency-Key and body returns the same secret. At most 10 endpoints per integration (409 \`webhook_endpoint_limit\`). A url that is not https on port 443/8443 to a public address is 400 \`invalid_request\` with \`param\` \`url\`.",
        "tags": [
          "Webhook endpoints"
        ],
        "security": [
          {
            "bearerAuth": []
          }
        ],
        "x-required-scopes": [
          "webhooks.manage"
        ],
        "x-conditional-scopes": [],
        "parameters": [
          {
            "in": "header",
            "name": "Idempotency-Key",
            "schema": {
              "type": "string",
              "minLength": 1,
              "maxLength": 255,
              "pattern": "^[\\\\x21-\\\\x7e]+$",
              "description": "Makes a retry safe: the same key with the same body replays the first result for 7 days (with \`Idempotent-Replayed: true\`), redacted for the scopes the integration has at the replay; the key with a different body is 422 \`idempotency_key_reused\` for 30 days. The result is whatever the operation answered, its own refusals included (a 409 blocker, a 404, its 400s such as \`no_changes\`); a request refused before the operation ran (authentication, scopes, throttling, body validation) or with a 5xx binds nothing. Scoped to the integration. 1-255 visible ASCII characters; a UUID is ideal.",
              "example": "5f0c8e2a-3b1d-4c8e-9a57-2f6f1f3c9b10"
            },
            "required": true,
            "description": "Makes a retry safe: the same key with the same body replays the first result for 7 days (with \`Idempotent-Replayed: true\`), redacted for the scopes the integration has at the replay; the key with a different body is 422 \`idempotency_key_reused\` for 30 days. The result is whatever the operation answered, its own refusals included (a 409 blocker, a 404, its 400s such as \`no_changes\`); a request refused before the operation ran (authentication, scopes, throttling, body validation) or with a 5xx binds nothing. Scoped to the integration. 1-255 visible ASCII characters; a UUID is ideal."
          }
        ],
        "requestBody": {
          "required": true,
          "content": {
            "application/json": {
              "schema": {
                "type": "object",
                "properties": {
                  "url": {
                    "type": "string",
                    "minLength": 12,
                    "maxLength": 2000,
                    "description": "https:// on port 443 or 8443 to a public hostname, 12-2000 characters. Private, loopback, link-local and cloud-metadata addresses are refused at registration (after resolving DNS) and again at every delivery.",
                    "example": "https://hooks.example.com/shopapi"
                  },
                  "event_types": {
                    "maxItems": 27,
                    "type": "array",
                    "items": {
                      "type": "string",
                      "maxLength": 100
                    },
                    "description": "Known event types, \`[\\"*\\"]\` alone for every type the integration's scopes allow, or \`[]\` for none. Duplicates are dropped. Types the scopes do not cover are accepted but delivered only while the scopes allow.",
                    "example": [
                      "customer.created",
                      "customer.updated"
                    ]
                  },
                  "description": {
                    "anyOf": [
                      {
                        "type": "string",
                        "maxLength": 255
                      },
                      {
                        "type": "null"
                      }
                    ],
                    "description": "Up to 255 characters"
                  }
                },
                "required": [
                  "url",
                  "event_types"
                ],
                "additionalProperties": false
              }
            }
          }
        },
        "responses": {
          "201": {
            "description": "The new endpoint with its secret",
            "headers": {
              "Idempotent-Replayed": {
                "$ref": "#/components/headers/Idempotent-Replayed"
              },
              "X-Request-Id": {
                "$ref": "#/components/headers/X-Request-Id"
              },
              "Cache-Control": {
                "$ref": "#/components/headers/Cache-Control"
              },
              "RateLimit-Limit": {
                "$ref": "#/components/headers/RateLimit-Limit"
              },
              "RateLimit-Remaining": {
                "$ref": "#/components/headers/RateLimit-Remaining"
              },
              "RateLimit-Reset": {
                "$ref": "#/components/headers/RateLimit-Reset"
              }
            },
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/WebhookEndpointWithSecret"
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/Error400"
          },
          "401": {
            "$ref": "#/components/responses/Error401"
          },
          "403": {
            "$ref": "#/components/responses/Error403"
          },
          "404": {
            "$ref": "#/components/responses/Error404"
          },
          "409": {
            "$ref": "#/components/responses/Error409"
          },
          "413": {
            "$ref": "#/components/responses/Error413"
          },
          "422": {
            "$ref": "#/components/responses/Error422"
          },
          "429": {
            "$ref": "#/components/responses/Error429"
          },
          "500": {
            "$ref": "#/components/responses/Error500"
          },
          "502": {
            "$ref": "#/components/responses/Error502"
          },
          "503": {
            "$ref": "#/components/responses/Error503"
          },
          "504": {
            "$ref": "#/components/responses/Error504"
          }
        }
      }
    },
    "/webhook-endpoints/{public_id}": {
      "get": {
        "operationId": "getWebhookEndpoint",
        "summary": "Get a webhook endpoint",
        "description": "No secret: it is shown only by create and rotate-secret. An integration sees and manages only its own endpoints; another integration's endpoint is 404.",
        "tags": [
          "Webhook endpoints"
        ],
        "security": [
          {
            "bearerAuth": []
          }
        ],
        "x-required-scopes": [
          "webhooks.manage"
        ],
        "x-conditional-scopes": [],
        "parameters": [
          {
            "in": "path",
            "name": "public_id",
            "schema": {
              "type": "string",
              "description": "A whe_ id",
              "pattern": "^whe_[0-9A-Za-z]{1,64}$",
              "maxLength": 68,
              "example": "whe_4bW2yXk0fT9QmZr7LcVd1p"
            },
            "required": true,
            "description": "A whe_ id"
          }
        ],
        "responses": {
          "200": {
            "description": "The endpoint",
            "headers": {
              "X-Request-Id": {
                "$ref": "#/components/headers/X-Request-Id"
              },
              "Cache-Control": {
                "$ref": "#/components/headers/Cache-Control"
              },
              "RateLimit-Limit": {
                "$ref": "#/components/headers/RateLimit-Limit"
              },
              "RateLimit-Remaining": {
                "$ref": "#/components/headers/RateLimit-Remaining"
              },
              "RateLimit-Reset": {
                "$ref": "#/components/headers/RateLimit-Reset"
              }
            },
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/WebhookEndpoint"
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/Error400"
          },
          "401": {
            "$ref": "#/components/responses/Error401"
          },
          "403": {
            "$ref": "#/components/responses/Error403"
          },
          "404": {
            "$ref": "#/components/responses/Error404"
          },
          "409": {
            "$ref": "#/components/responses/Error409"
          },
          "422": {
            "$ref": "#/components/responses/Error422"
          },
          "429": {
            "$ref": "#/components/responses/Error429"
          },
          "500": {
            "$ref": "#/components/responses/Error500"
          },
          "502": {
            "$ref": "#/components/responses/Error502"
          },
          "503": {
            "$ref": "#/components/responses/Error503"
          },
          "504": {
            "$ref": "#/components/responses/Error504"
          }
        }
      },
      "patch": {
        "operationId": "updateWebhookEndpoint",
        "summary": "Update a webhook endpoint",
        "description": "Presence-aware: omitted fields are unchanged; \`description\` may be null. \`status: disabled\` stops deliveries (test events still go out): the events that happen meanwhile are held, for at most the 30-day retention. \`status: active\` re-enables a disabled endpoint (clearing \`disabled_reason\` and the failure clock) and its held deliveries are sent at once, in the order of the event log. A body that changes nothing is 400 \`no_changes\`.",
        "tags": [
          "Webhook endpoints"
        ],
        "security": [
          {
            "bearerAuth": []
          }
        ],
        "x-required-scopes": [
          "webhooks.manage"
        ],
        "x-conditional-scopes": [],
        "parameters": [
          {
            "in": "path",
            "name": "public_id",
            "schema": {
              "type": "string",
              "description": "A whe_ id",
              "pattern": "^whe_[0-9A-Za-z]{1,64}$",
              "maxLength": 68,
              "example": "whe_4bW2yXk0fT9QmZr7LcVd1p"
            },
            "required": true,
            "description": "A whe_ id"
          },
          {
            "in": "header",
            "name": "Idempotency-Key",
            "schema": {
              "type": "string",
              "minLength": 1,
              "maxLength": 255,
              "pattern": "^[\\\\x21-\\\\x7e]+$",
              "description": "Makes a retry safe: the same key with the same body replays the first result for 7 days (with \`Idempotent-Replayed: true\`), redacted for the scopes the integration has at the replay; the key with a different body is 422 \`idempotency_key_reused\` for 30 days. The result is whatever the operation answered, its own refusals included (a 409 blocker, a 404, its 400s such as \`no_changes\`); a request refused before the operation ran (authentication, scopes, throttling, body validation) or with a 5xx binds nothing. Scoped to the integration. 1-255 visible ASCII characters; a UUID is ideal.",
              "example": "5f0c8e2a-3b1d-4c8e-9a57-2f6f1f3c9b10"
            }
          }
        ],
        "requestBody": {
          "required": true,
          "content": {
            "application/json": {
              "schema": {
                "type": "object",
                "properties": {
                  "description": {
                    "anyOf": [
                      {
                        "type": "string",
                        "maxLength": 255
                      },
                      {
                        "type": "null"
                      }
                    ],
                    "description": "Up to 255 characters"
                  },
                  "event_types": {
                    "maxItems": 27,
                    "type": "array",
                    "items": {
                      "type": "string",
                      "maxLength": 100
                    },
                    "description": "Known event types, \`[\\"*\\"]\` alone for every type the integration's scopes allow, or \`[]\` for none. Duplicates are dropped. Types the scopes do not cover are accepted but delivered only while the scopes allow.",
                    "example": [
                      "customer.created",
                      "customer.updated"
                    ]
                  },
                  "status": {
                    "type": "string",
                    "enum": [
                      "active",
                      "disabled"
                    ]
                  },
                  "url": {
                    "type": "string",
                    "minLength": 12,
                    "maxLength": 2000,
                    "description": "https:// on port 443 or 8443 to a public hostname, 12-2000 characters. Private, loopback, link-local and cloud-metadata addresses are refused at registration (after resolving DNS) and again at every delivery.",
                    "example": "https://hooks.example.com/shopapi"
                  }
                },
                "additionalProperties": false
              }
            }
          }
        },
        "responses": {
          "200": {
            "description": "The updated endpoint",
            "headers": {
              "Idempotent-Replayed": {
                "$ref": "#/components/headers/Idempotent-Replayed"
              },
              "X-Request-Id": {
                "$ref": "#/components/headers/X-Request-Id"
              },
              "Cache-Control": {
                "$ref": "#/components/headers/Cache-Control"
              },
              "RateLimit-Limit": {
                "$ref": "#/components/headers/RateLimit-Limit"
              },
              "RateLimit-Remaining": {
                "$ref": "#/components/headers/RateLimit-Remaining"
              },
              "RateLimit-Reset": {
                "$ref": "#/components/headers/RateLimit-Reset"
              }
            },
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/WebhookEndpoint"
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/Error400"
          },
          "401": {
            "$ref": "#/components/responses/Error401"
          },
          "403": {
            "$ref": "#/components/responses/Error403"
          },
          "404": {
            "$ref": "#/components/responses/Error404"
          },
          "409": {
            "$ref": "#/components/responses/Error409"
          },
          "413": {
            "$ref": "#/components/responses/Error413"
          },
          "422": {
            "$ref": "#/components/responses/Error422"
          },
          "429": {
            "$ref": "#/components/responses/Error429"
          },
          "500": {
            "$ref": "#/components/responses/Error500"
          },
          "502": {
            "$ref": "#/components/responses/Error502"
          },
          "503": {
            "$ref": "#/components/responses/Error503"
          },
          "504": {
            "$ref": "#/components/responses/Error504"
          }
        }
      },
      "delete": {
        "operationId": "deleteWebhookEndpoint",
        "summary": "Delete a webhook endpoint",
        "description": "Stops deliveries to it at once and forgets its deliveries and secrets. Events stay in GET /events. Frees one of the integration's endpoint slots.",
        "tags": [
          "Webhook endpoints"
        ],
        "security": [
          {
            "bearerAuth": []
          }
        ],
        "x-required-scopes": [
          "webhooks.manage"
        ],
        "x-conditional-scopes": [],
        "parameters": [
          {
            "in": "path",
            "name": "public_id",
            "schema": {
              "type": "string",
              "description": "A whe_ id",
              "pattern": "^whe_[0-9A-Za-z]{1,64}$",
              "maxLength": 68,
              "example": "whe_4bW2yXk0fT9QmZr7LcVd1p"
            },
            "required": true,
            "description": "A whe_ id"
          }
        ],
        "responses": {
          "200": {
            "description": "The deleted endpoint",
            "headers": {
              "X-Request-Id": {
                "$ref": "#/components/headers/X-Request-Id"
              },
              "Cache-Control": {
                "$ref": "#/components/headers/Cache-Control"
              },
              "RateLimit-Limit": {
                "$ref": "#/components/headers/RateLimit-Limit"
              },
              "RateLimit-Remaining": {
                "$ref": "#/components/headers/RateLimit-Remaining"
              },
              "RateLimit-Reset": {
                "$ref": "#/components/headers/RateLimit-Reset"
              }
            },
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/DeletedWebhookEndpoint"
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/Error400"
          },
          "401": {
            "$ref": "#/components/responses/Error401"
          },
          "403": {
            "$ref": "#/components/responses/Error403"
          },
          "404": {
            "$ref": "#/components/responses/Error404"
          },
          "409": {
            "$ref": "#/components/responses/Error409"
          },
          "413": {
            "$ref": "#/components/responses/Error413"
          },
          "422": {
            "$ref": "#/components/responses/Error422"
          },
          "429": {
            "$ref": "#/components/responses/Error429"
          },
          "500": {
            "$ref": "#/components/responses/Error500"
          },
          "502": {
            "$ref": "#/components/responses/Error502"
          },
          "503": {
            "$ref": "#/components/responses/Error503"
          },
          "504": {
            "$ref": "#/components/responses/Error504"
          }
        },
        "x-shopapi-addition": true
      }
    },
    "/webhook-endpoints/{public_id}/rotate-secret": {
      "post": {
        "operationId": "rotateWebhookEndpointSecret",
        "summary": "Rotate the signing secret",
        "description": "Returns the new secret, once. For 24 hours deliveries carry two \`v1=\` signatures, the new secret's first; then the previous secret is erased. Retrying with the same Idempotency-Key returns the same secret.",
        "tags": [
          "Webhook endpoints"
        ],
        "security": [
          {
            "bearerAuth": []
          }
        ],
        "x-required-scopes": [
          "webhooks.manage"
        ],
        "x-conditional-scopes": [],
        "parameters": [
          {
            "in": "path",
            "name": "public_id",
            "schema": {
              "type": "string",
              "description": "A whe_ id",
              "pattern": "^whe_[0-9A-Za-z]{1,64}$",
              "maxLength": 68,
              "example": "whe_4bW2yXk0fT9QmZr7LcVd1p"
            },
            "required": true,
            "description": "A whe_ id"
          },
          {
            "in": "header",
            "name": "Idempotency-Key",
            "schema": {
              "type": "string",
              "minLength": 1,
              "maxLength": 255,
              "pattern": "^[\\\\x21-\\\\x7e]+$",
              "description": "Makes a retry safe: the same key with the same body replays the first result for 7 days (with \`Idempotent-Replayed: true\`), redacted for the scopes the integration has at the replay; the key with a different body is 422 \`idempotency_key_reused\` for 30 days. The result is whatever the operation answered, its own refusals included (a 409 blocker, a 404, its 400s such as \`no_changes\`); a request refused before the operation ran (authentication, scopes, throttling, body validation) or with a 5xx binds nothing. Scoped to the integration. 1-255 visible ASCII characters; a UUID is ideal.",
              "example": "5f0c8e2a-3b1d-4c8e-9a57-2f6f1f3c9b10"
            },
            "required": true,
            "description": "Makes a retry safe: the same key with the same body replays the first result for 7 days (with \`Idempotent-Replayed: true\`), redacted for the scopes the integration has at the replay; the key with a different body is 422 \`idempotency_key_reused\` for 30 days. The result is whatever the operation answered, its own refusals included (a 409 blocker, a 404, its 400s such as \`no_changes\`); a request refused before the operation ran (authentication, scopes, throttling, body validation) or with a 5xx binds nothing. Scoped to the integration. 1-255 visible ASCII characters; a UUID is ideal."
          }
        ],
        "responses": {
          "200": {
            "description": "The endpoint with its new secret",
            "headers": {
              "Idempotent-Replayed": {
                "$ref": "#/components/headers/Idempotent-Replayed"
              },
              "X-Request-Id": {
                "$ref": "#/components/headers/X-Request-Id"
              },
              "Cache-Control": {
                "$ref": "#/components/headers/Cache-Control"
              },
              "RateLimit-Limit": {
                "$ref": "#/components/headers/RateLimit-Limit"
              },
              "RateLimit-Remaining": {
                "$ref": "#/components/headers/RateLimit-Remaining"
              },
              "RateLimit-Reset": {
                "$ref": "#/components/headers/RateLimit-Reset"
              }
            },
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/WebhookEndpointWithSecret"
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/Error400"
          },
          "401": {
            "$ref": "#/components/responses/Error401"
          },
          "403": {
            "$ref": "#/components/responses/Error403"
          },
          "404": {
            "$ref": "#/components/responses/Error404"
          },
          "409": {
            "$ref": "#/components/responses/Error409"
          },
          "413": {
            "$ref": "#/components/responses/Error413"
          },
          "422": {
            "$ref": "#/components/responses/Error422"
          },
          "429": {
            "$ref": "#/components/responses/Error429"
          },
          "500": {
            "$ref": "#/components/responses/Error500"
          },
          "502": {
            "$ref": "#/components/responses/Error502"
          },
          "503": {
            "$ref": "#/components/responses/Error503"
          },
          "504": {
            "$ref": "#/components/responses/Error504"
          }
        }
      }
    },
    "/webhook-endpoints/{public_id}/test": {
      "post": {
        "operationId": "sendWebhookTestEvent",
        "summary": "Send a test event",
        "description": "Queues a synthetic event (\`test: true\`, a placeholder object id, an empty summary) for this endpoint only, signed like any delivery. It is sent even while the endpoint is disabled, so a fixed receiver can be checked before re-enabling. It is not listed by GET /events.",
        "tags": [
          "Webhook endpoints"
        ],
        "security": [
          {
            "bearerAuth": []
          }
        ],
        "x-required-scopes": [
          "webhooks.manage"
        ],
        "x-conditional-scopes": [],
        "parameters": [
          {
            "in": "path",
            "name": "public_id",
            "schema": {
              "type": "string",
              "description": "A whe_ id",
              "pattern": "^whe_[0-9A-Za-z]{1,64}$",
              "maxLength": 68,
              "example": "whe_4bW2yXk0fT9QmZr7LcVd1p"
            },
            "required": true,
            "description": "A whe_ id"
          },
          {
            "in": "header",
            "name": "Idempotency-Key",
            "schema": {
              "type": "string",
              "minLength": 1,
              "maxLength": 255,
              "pattern": "^[\\\\x21-\\\\x7e]+$",
              "description": "Makes a retry safe: the same key with the same body replays the first result for 7 days (with \`Idempotent-Replayed: true\`), redacted for the scopes the integration has at the replay; the key with a different body is 422 \`idempotency_key_reused\` for 30 days. The result is whatever the operation answered, its own refusals included (a 409 blocker, a 404, its 400s such as \`no_changes\`); a request refused before the operation ran (authentication, scopes, throttling, body validation) or with a 5xx binds nothing. Scoped to the integration. 1-255 visible ASCII characters; a UUID is ideal.",
              "example": "5f0c8e2a-3b1d-4c8e-9a57-2f6f1f3c9b10"
            },
            "required": true,
            "description": "Makes a retry safe: the same key with the same body replays the first result for 7 days (with \`Idempotent-Replayed: true\`), redacted for the scopes the integration has at the replay; the key with a different body is 422 \`idempotency_key_reused\` for 30 days. The result is whatever the operation answered, its own refusals included (a 409 blocker, a 404, its 400s such as \`no_changes\`); a request refused before the operation ran (authentication, scopes, throttling, body validation) or with a 5xx binds nothing. Scoped to the integration. 1-255 visible ASCII characters; a UUID is ideal."
          }
        ],
        "requestBody": {
          "required": false,
          "content": {
            "application/json": {
              "schema": {
                "type": "object",
                "properties": {
                  "event_type": {
                    "description": "Any event type; default the endpoint's first subscribed type, else customer.created",
                    "type": "string",
                    "enum": [
                      "customer.created",
                      "customer.updated",
                      "customer.archived",
                      "customer.merged",
                      "vehicle.created",
                      "vehicle.updated",
                      "vehicle.archived",
                      "vehicle.merged",
                      "appointment.created",
                      "appointment.updated",
                      "appointment.status_changed",
                      "appointment.converted_to_repair_order",
                      "repair_order.created",
                      "repair_order.updated",
                      "repair_order.status_changed",
                      "job.created",
                      "job.status_changed",
                      "invoice.posted",
                      "invoice.voided",
                      "credit_note.issued",
                      "payment.recorded",
                      "payment.reversed",
                      "task.created",
                      "task.updated",
                      "task.completed",
                      "webhook_endpoint.disabled"
                    ]
                  }
                },
                "additionalProperties": false
              }
            }
          }
        },
        "responses": {
          "202": {
            "description": "The queued test event",
            "headers": {
              "Idempotent-Replayed": {
                "$ref": "#/components/headers/Idempotent-Replayed"
              },
              "X-Request-Id": {
                "$ref": "#/components/headers/X-Request-Id"
              },
              "Cache-Control": {
                "$ref": "#/components/headers/Cache-Control"
              },
              "RateLimit-Limit": {
                "$ref": "#/components/headers/RateLimit-Limit"
              },
              "RateLimit-Remaining": {
                "$ref": "#/components/headers/RateLimit-Remaining"
              },
              "RateLimit-Reset": {
                "$ref": "#/components/headers/RateLimit-Reset"
              }
            },
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/QueuedEvent"
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/Error400"
          },
          "401": {
            "$ref": "#/components/responses/Error401"
          },
          "403": {
            "$ref": "#/components/responses/Error403"
          },
          "404": {
            "$ref": "#/components/responses/Error404"
          },
          "409": {
            "$ref": "#/components/responses/Error409"
          },
          "413": {
            "$ref": "#/components/responses/Error413"
          },
          "422": {
            "$ref": "#/components/responses/Error422"
          },
          "429": {
            "$ref": "#/components/responses/Error429"
          },
          "500": {
            "$ref": "#/components/responses/Error500"
          },
          "502": {
            "$ref": "#/components/responses/Error502"
          },
          "503": {
            "$ref": "#/components/responses/Error503"
          },
          "504": {
            "$ref": "#/components/responses/Error504"
          }
        }
      }
    },
    "/me": {
      "get": {
        "operationId": "introspectApiKey",
        "summary": "Introspect the calling API key",
        "description": "Any valid key, whatever its scopes: its integration and shop, its scopes, every operation with whether the key may call it (and which scopes it lacks), and which fields it will see redacted (null) with the scope that would reveal them. Never the key itself or its hash.",
        "tags": [
          "Meta"
        ],
        "security": [
          {
            "bearerAuth": []
          }
        ],
        "x-required-scopes": [],
        "x-conditional-scopes": [],
        "responses": {
          "200": {
            "description": "The calling key, introspected",
            "headers": {
              "X-Request-Id": {
                "$ref": "#/components/headers/X-Request-Id"
              },
              "Cache-Control": {
                "$ref": "#/components/headers/Cache-Control"
              },
              "RateLimit-Limit": {
                "$ref": "#/components/headers/RateLimit-Limit"
              },
              "RateLimit-Remaining": {
                "$ref": "#/components/headers/RateLimit-Remaining"
              },
              "RateLimit-Reset": {
                "$ref": "#/components/headers/RateLimit-Reset"
              }
            },
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/ApiKeyIntrospection"
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/Error400"
          },
          "401": {
            "$ref": "#/components/responses/Error401"
          },
          "403": {
            "$ref": "#/components/responses/Error403"
          },
          "404": {
            "$ref": "#/components/responses/Error404"
          },
          "409": {
            "$ref": "#/components/responses/Error409"
          },
          "422": {
            "$ref": "#/components/responses/Error422"
          },
          "429": {
            "$ref": "#/components/responses/Error429"
          },
          "500": {
            "$ref": "#/components/responses/Error500"
          },
          "502": {
            "$ref": "#/components/responses/Error502"
          },
          "503": {
            "$ref": "#/components/responses/Error503"
          },
          "504": {
            "$ref": "#/components/responses/Error504"
          }
        },
        "x-shopapi-addition": true
      }
    },
    "/openapi.json": {
      "get": {
        "operationId": "getOpenApiDocument",
        "summary": "Get this OpenAPI document",
        "description": "Served without a key; identical to \`shopapi openapi export\`.",
        "tags": [
          "Meta"
        ],
        "security": [],
        "x-required-scopes": [],
        "x-conditional-scopes": [],
        "responses": {
          "200": {
            "description": "The OpenAPI 3.1 document of API v1",
            "headers": {
              "X-Request-Id": {
                "$ref": "#/components/headers/X-Request-Id"
              },
              "Cache-Control": {
                "$ref": "#/components/headers/Cache-Control"
              }
            },
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/OpenApiDocument"
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/Error400"
          },
          "404": {
            "$ref": "#/components/responses/Error404"
          },
          "409": {
            "$ref": "#/components/responses/Error409"
          },
          "422": {
            "$ref": "#/components/responses/Error422"
          },
          "429": {
            "$ref": "#/components/responses/Error429"
          },
          "500": {
            "$ref": "#/components/responses/Error500"
          },
          "502": {
            "$ref": "#/components/responses/Error502"
          },
          "503": {
            "$ref": "#/components/responses/Error503"
          },
          "504": {
            "$ref": "#/components/responses/Error504"
          }
        }
      }
    }
  },
  "components": {
    "schemas": {
      "CustomerCreate": {
        "type": "object",
        "properties": {
          "first_name": {
            "type": "string",
            "minLength": 1,
            "maxLength": 100
          },
          "last_name": {
            "type": "string",
            "minLength": 1,
            "maxLength": 100
          },
          "company_name": {
            "anyOf": [
              {
                "type": "string",
                "maxLength": 255
              },
              {
                "type": "null"
              }
            ]
          },
          "email": {
            "anyOf": [
              {
                "type": "string",
                "maxLength": 255
              },
              {
                "type": "null"
              }
            ],
            "format": "email",
            "description": "An email address, up to 255 characters; filters match it case-insensitively"
          },
          "phone": {
            "anyOf": [
              {
                "type": "string",
                "maxLength": 20,
                "pattern": "\\\\d",
                "description": "As written; filters match it after normalization (E.164 where the number can be read)"
              },
              {
                "type": "null"
              }
            ]
          },
          "phone_alt": {
            "anyOf": [
              {
                "type": "string",
                "maxLength": 20,
                "pattern": "\\\\d",
                "description": "As written; filters match it after normalization (E.164 where the number can be read)"
              },
              {
                "type": "null"
              }
            ]
          },
          "address": {
            "anyOf": [
              {
                "type": "string",
                "maxLength": 255
              },
              {
                "type": "null"
              }
            ],
            "description": "Street address: address.line1"
          },
          "city": {
            "anyOf": [
              {
                "type": "string",
                "maxLength": 100
              },
              {
                "type": "null"
              }
            ]
          },
          "region": {
            "anyOf": [
              {
                "type": "string",
                "maxLength": 50
              },
              {
                "type": "null"
              }
            ],
            "description": "State or province"
          },
          "postal_code": {
            "anyOf": [
              {
                "type": "string",
                "maxLength": 20
              },
              {
                "type": "null"
              }
            ]
          },
          "country": {
            "anyOf": [
              {
                "type": "string",
                "maxLength": 2,
                "pattern": "^[A-Z]{2}$"
              },
              {
                "type": "null"
              }
            ],
            "description": "ISO 3166-1 alpha-2 code: address.country",
            "x-shopapi-addition": true
          },
          "preferred_contact": {
            "anyOf": [
              {
                "type": "string",
                "enum": [
                  "sms",
                  "email",
                  "phone"
                ]
              },
              {
                "type": "null"
              }
            ]
          },
          "notes": {
            "anyOf": [
              {
                "type": "string",
                "maxLength": 5000
              },
              {
                "type": "null"
              }
            ]
          },
          "consent": {
            "type": "object",
            "properties": {
              "sms_transactional": {
                "type": "boolean"
              },
              "sms_marketing": {
                "type": "boolean"
              },
              "email_transactional": {
                "type": "boolean"
              },
              "email_marketing": {
                "type": "boolean"
              },
              "voice": {
                "type": "boolean"
              },
              "do_not_call": {
                "type": "boolean"
              }
            },
            "additionalProperties": false,
            "description": "Consent flags to set; omitted flags keep their value (false on create)",
            "x-shopapi-addition": true
          },
          "tags": {
            "anyOf": [
              {
                "description": "Up to 50 tags of 1-50 characters; duplicates are dropped",
                "x-shopapi-narrowing": "Narrower than the contract (\\"array of string or null\\", no limit): a tag is a short label a list filters and a screen shows as a chip, so 50 tags of up to 50 characters bound every customer record, its search index entries and the events that carry it, whatever a client sends. Ask the shop if a real label does not fit.",
                "maxItems": 50,
                "type": "array",
                "items": {
                  "type": "string",
                  "minLength": 1,
                  "maxLength": 50
                }
              },
              {
                "type": "null"
              }
            ]
          },
          "fleet_account": {
            "type": "boolean",
            "description": "Defaults to \`false\` when left out."
          },
          "tax_exempt": {
            "type": "boolean",
            "description": "Defaults to \`false\` when left out."
          }
        },
        "required": [
          "first_name",
          "last_name"
        ],
        "additionalProperties": false
      },
      "CustomerUpdate": {
        "type": "object",
        "properties": {
          "first_name": {
            "type": "string",
            "minLength": 1,
            "maxLength": 100
          },
          "last_name": {
            "type": "string",
            "minLength": 1,
            "maxLength": 100
          },
          "company_name": {
            "anyOf": [
              {
                "type": "string",
                "maxLength": 255
              },
              {
                "type": "null"
              }
            ]
          },
          "email": {
            "anyOf": [
              {
                "type": "string",
                "maxLength": 255
              },
              {
                "type": "null"
              }
            ],
            "format": "email",
            "description": "An email address, up to 255 characters; filters match it case-insensitively"
          },
          "phone": {
            "anyOf": [
              {
                "type": "string",
                "maxLength": 20,
                "pattern": "\\\\d",
                "description": "As written; filters match it after normalization (E.164 where the number can be read)"
              },
              {
                "type": "null"
              }
            ]
          },
          "phone_alt": {
            "anyOf": [
              {
                "type": "string",
                "maxLength": 20,
                "pattern": "\\\\d",
                "description": "As written; filters match it after normalization (E.164 where the number can be read)"
              },
              {
                "type": "null"
              }
            ]
          },
          "address": {
            "anyOf": [
              {
                "type": "string",
                "maxLength": 255
              },
              {
                "type": "null"
              }
            ],
            "description": "Street address: address.line1"
          },
          "city": {
            "anyOf": [
              {
                "type": "string",
                "maxLength": 100
              },
              {
                "type": "null"
              }
            ]
          },
          "region": {
            "anyOf": [
              {
                "type": "string",
                "maxLength": 50
              },
              {
                "type": "null"
              }
            ],
            "description": "State or province"
          },
          "postal_code": {
            "anyOf": [
              {
                "type": "string",
                "maxLength": 20
              },
              {
                "type": "null"
              }
            ]
          },
          "country": {
            "anyOf": [
              {
                "type": "string",
                "maxLength": 2,
                "pattern": "^[A-Z]{2}$"
              },
              {
                "type": "null"
              }
            ],
            "description": "ISO 3166-1 alpha-2 code: address.country",
            "x-shopapi-addition": true
          },
          "preferred_contact": {
            "anyOf": [
              {
                "type": "string",
                "enum": [
                  "sms",
                  "email",
                  "phone"
                ]
              },
              {
                "type": "null"
              }
            ]
          },
          "notes": {
            "anyOf": [
              {
                "type": "string",
                "maxLength": 5000
              },
              {
                "type": "null"
              }
            ]
          },
          "consent": {
            "type": "object",
            "properties": {
              "sms_transactional": {
                "type": "boolean"
              },
              "sms_marketing": {
                "type": "boolean"
              },
              "email_transactional": {
                "type": "boolean"
              },
              "email_marketing": {
                "type": "boolean"
              },
              "voice": {
                "type": "boolean"
              },
              "do_not_call": {
                "type": "boolean"
              }
            },
            "additionalProperties": false,
            "description": "Consent flags to set; omitted flags keep their value (false on create)",
            "x-shopapi-addition": true
          },
          "tags": {
            "description": "Up to 50 tags of 1-50 characters; duplicates are dropped",
            "x-shopapi-narrowing": "Narrower than the contract (\\"array of string or null\\", no limit): a tag is a short label a list filters and a screen shows as a chip, so 50 tags of up to 50 characters bound every customer record, its search index entries and the events that carry it, whatever a client sends. Ask the shop if a real label does not fit.",
            "maxItems": 50,
            "type": "array",
            "items": {
              "type": "string",
              "minLength": 1,
              "maxLength": 50
            }
          },
          "fleet_account": {
            "type": "boolean"
          },
          "tax_exempt": {
            "type": "boolean"
          },
          "expected_version": {
            "description": "Optimistic concurrency: the update is refused with 409 version_conflict unless this is the current version",
            "anyOf": [
              {
                "type": "integer",
                "minimum": 1,
                "maximum": 9007199254740991
              },
              {
                "type": "null"
              }
            ]
          }
        },
        "additionalProperties": false,
        "description": "Presence-aware: an omitted field is unchanged, null clears a nullable field, and a body that changes nothing is 400 no_changes"
      },
      "ArchiveRequest": {
        "type": "object",
        "properties": {
          "reason": {
            "anyOf": [
              {
                "type": "string",
                "maxLength": 500
              },
              {
                "type": "null"
              }
            ]
          }
        },
        "additionalProperties": false
      },
      "ExternalIdRequest": {
        "type": "object",
        "properties": {
          "external_id": {
            "type": "string",
            "minLength": 1,
            "maxLength": 255
          }
        },
        "required": [
          "external_id"
        ],
        "additionalProperties": false
      },
      "VehicleCreate": {
        "type": "object",
        "properties": {
          "customer_id": {
            "type": "string",
            "description": "The cus_ id of the customer who owns the vehicle",
            "pattern": "^cus_[0-9A-Za-z]{1,64}$",
            "maxLength": 68,
            "example": "cus_4bW2yXk0fT9QmZr7LcVd1p"
          },
          "vin": {
            "anyOf": [
              {
                "type": "string",
                "maxLength": 64,
                "description": "17 characters, stored upper-case; I, O and Q are refused. The check digit (position 9) is verified for North American VINs (first character 1-5).",
                "example": "1HGCM82633A004352"
              },
              {
                "type": "null"
              }
            ]
          },
          "year": {
            "anyOf": [
              {
                "type": "integer",
                "minimum": 1886,
                "maximum": "<this year + 2>",
                "description": "Model year, 1886 to the current year + 2"
              },
              {
                "type": "null"
              }
            ]
          },
          "make": {
            "anyOf": [
              {
                "type": "string",
                "maxLength": 100
              },
              {
                "type": "null"
              }
            ]
          },
          "model": {
            "anyOf": [
              {
                "type": "string",
                "maxLength": 100
              },
              {
                "type": "null"
              }
            ]
          },
          "trim": {
            "anyOf": [
              {
                "type": "string",
                "maxLength": 100
              },
              {
                "type": "null"
              }
            ]
          },
          "engine": {
            "anyOf": [
              {
                "type": "string",
                "maxLength": 100
              },
              {
                "type": "null"
              }
            ]
          },
          "color": {
            "anyOf": [
              {
                "type": "string",
                "maxLength": 50
              },
              {
                "type": "null"
              }
            ]
          },
          "plate": {
            "anyOf": [
              {
                "type": "string",
                "maxLength": 15,
                "description": "Licence plate, stored upper-case as written; filters ignore spaces, hyphens and dots"
              },
              {
                "type": "null"
              }
            ]
          },
          "plate_region": {
            "anyOf": [
              {
                "type": "string",
                "maxLength": 10
              },
              {
                "type": "null"
              }
            ],
            "description": "Where the plate is issued, stored upper-case, e.g. TX or ON"
          },
          "unit_number": {
            "anyOf": [
              {
                "type": "string",
                "maxLength": 50
              },
              {
                "type": "null"
              }
            ],
            "description": "A fleet customer's own unit number for the vehicle"
          },
          "odometer": {
            "anyOf": [
              {
                "type": "integer",
                "minimum": 0,
                "maximum": 10000000
              },
              {
                "type": "null"
              }
            ],
            "description": "Last known reading"
          },
          "notes": {
            "anyOf": [
              {
                "type": "string",
                "maxLength": 5000
              },
              {
                "type": "null"
              }
            ]
          }
        },
        "required": [
          "customer_id"
        ],
        "additionalProperties": false
      },
      "VehicleUpdate": {
        "type": "object",
        "properties": {
          "customer_id": {
            "type": "string",
            "description": "The cus_ id of the customer who owns the vehicle",
            "pattern": "^cus_[0-9A-Za-z]{1,64}$",
            "maxLength": 68,
            "example": "cus_4bW2yXk0fT9QmZr7LcVd1p"
          },
          "vin": {
            "anyOf": [
              {
                "type": "string",
                "maxLength": 64,
                "description": "17 characters, stored upper-case; I, O and Q are refused. The check digit (position 9) is verified for North American VINs (first character 1-5).",
                "example": "1HGCM82633A004352"
              },
              {
                "type": "null"
              }
            ]
          },
          "year": {
            "anyOf": [
              {
                "type": "integer",
                "minimum": 1886,
                "maximum": "<this year + 2>",
                "description": "Model year, 1886 to the current year + 2"
              },
              {
                "type": "null"
              }
            ]
          },
          "make": {
            "anyOf": [
              {
                "type": "string",
                "maxLength": 100
              },
              {
                "type": "null"
              }
            ]
          },
          "model": {
            "anyOf": [
              {
                "type": "string",
                "maxLength": 100
              },
              {
                "type": "null"
              }
            ]
          },
          "trim": {
            "anyOf": [
              {
                "type": "string",
                "maxLength": 100
              },
              {
                "type": "null"
              }
            ]
          },
          "engine": {
            "anyOf": [
              {
                "type": "string",
                "maxLength": 100
              },
              {
                "type": "null"
              }
            ]
          },
          "color": {
            "anyOf": [
              {
                "type": "string",
                "maxLength": 50
              },
              {
                "type": "null"
              }
            ]
          },
          "plate": {
            "anyOf": [
              {
                "type": "string",
                "maxLength": 15,
                "description": "Licence plate, stored upper-case as written; filters ignore spaces, hyphens and dots"
              },
              {
                "type": "null"
              }
            ]
          },
          "plate_region": {
            "anyOf": [
              {
                "type": "string",
                "maxLength": 10
              },
              {
                "type": "null"
              }
            ],
            "description": "Where the plate is issued, stored upper-case, e.g. TX or ON"
          },
          "unit_number": {
            "anyOf": [
              {
                "type": "string",
                "maxLength": 50
              },
              {
                "type": "null"
              }
            ],
            "description": "A fleet customer's own unit number for the vehicle"
          },
          "odometer": {
            "anyOf": [
              {
                "type": "integer",
                "minimum": 0,
                "maximum": 10000000
              },
              {
                "type": "null"
              }
            ],
            "description": "Last known reading"
          },
          "notes": {
            "anyOf": [
              {
                "type": "string",
                "maxLength": 5000
              },
              {
                "type": "null"
              }
            ]
          },
          "expected_version": {
            "description": "Optimistic concurrency: the update is refused with 409 version_conflict unless this is the current version",
            "anyOf": [
              {
                "type": "integer",
                "minimum": 1,
                "maximum": 9007199254740991
              },
              {
                "type": "null"
              }
            ]
          }
        },
        "additionalProperties": false,
        "description": "Presence-aware: an omitted field is unchanged, null clears a nullable field (customer_id cannot be null), and a body that changes nothing is 400 no_changes"
      },
      "AppointmentCreate": {
        "type": "object",
        "properties": {
          "customer_id": {
            "type": "string",
            "description": "The cus_ id of the customer",
            "pattern": "^cus_[0-9A-Za-z]{1,64}$",
            "maxLength": 68,
            "example": "cus_4bW2yXk0fT9QmZr7LcVd1p"
          },
          "date": {
            "type": "string",
            "maxLength": 10,
            "format": "date",
            "pattern": "^\\\\d{4}-\\\\d{2}-\\\\d{2}$",
            "example": "2026-03-14",
            "description": "The shop-local date (in the shop's time zone)"
          },
          "time": {
            "type": "string",
            "maxLength": 5,
            "pattern": "^([01]\\\\d|2[0-3]):[0-5]\\\\d$",
            "example": "08:30",
            "description": "HH:MM, 24-hour, in the shop time zone"
          },
          "duration_minutes": {
            "description": "Minutes, 15-600; default 60",
            "type": "integer",
            "minimum": 15,
            "maximum": 600,
            "example": 60
          },
          "notes": {
            "anyOf": [
              {
                "type": "string",
                "maxLength": 5000
              },
              {
                "type": "null"
              }
            ],
            "description": "Up to 5000 characters"
          },
          "reason": {
            "anyOf": [
              {
                "type": "string",
                "maxLength": 255
              },
              {
                "type": "null"
              }
            ],
            "description": "Why the customer is coming, up to 255 characters (becomes the repair order concern)"
          },
          "technician_id": {
            "anyOf": [
              {
                "type": "string",
                "description": "The tech_ id of an active technician, or null",
                "pattern": "^tech_[0-9A-Za-z]{1,64}$",
                "maxLength": 69,
                "example": "tech_4bW2yXk0fT9QmZr7LcVd1p"
              },
              {
                "type": "null"
              }
            ]
          },
          "vehicle_id": {
            "anyOf": [
              {
                "type": "string",
                "description": "The veh_ id of one of the customer's vehicles, or null",
                "pattern": "^veh_[0-9A-Za-z]{1,64}$",
                "maxLength": 68,
                "example": "veh_4bW2yXk0fT9QmZr7LcVd1p"
              },
              {
                "type": "null"
              }
            ]
          },
          "utc_offset": {
            "anyOf": [
              {
                "type": "string",
                "maxLength": 6,
                "pattern": "^[+-](?:(?:0\\\\d|1[0-3]):[0-5]\\\\d|14:00)$"
              },
              {
                "type": "null"
              }
            ],
            "pattern": "^[+-](?:(?:0\\\\d|1[0-3]):[0-5]\\\\d|14:00)$",
            "example": "-05:00",
            "description": "Needed only for a time that happens twice when the clocks go back: the offset of the reading meant (e.g. -04:00 for the first 01:30, -05:00 for the second, in New York). Any other time accepts its own offset or none."
          }
        },
        "required": [
          "customer_id",
          "date",
          "time"
        ],
        "additionalProperties": false
      },
      "AppointmentUpdate": {
        "type": "object",
        "properties": {
          "date": {
            "type": "string",
            "maxLength": 10,
            "format": "date",
            "pattern": "^\\\\d{4}-\\\\d{2}-\\\\d{2}$",
            "example": "2026-03-14"
          },
          "time": {
            "type": "string",
            "maxLength": 5,
            "pattern": "^([01]\\\\d|2[0-3]):[0-5]\\\\d$",
            "example": "08:30",
            "description": "HH:MM, 24-hour, in the shop time zone"
          },
          "duration_minutes": {
            "type": "integer",
            "minimum": 15,
            "maximum": 600,
            "description": "Minutes, 15-600",
            "example": 60
          },
          "expected_version": {
            "description": "Optimistic concurrency: the update is refused with 409 version_conflict unless this is the current version",
            "anyOf": [
              {
                "type": "integer",
                "minimum": 1,
                "maximum": 9007199254740991
              },
              {
                "type": "null"
              }
            ]
          },
          "notes": {
            "anyOf": [
              {
                "type": "string",
                "maxLength": 5000
              },
              {
                "type": "null"
              }
            ],
            "description": "Up to 5000 characters"
          },
          "reason": {
            "anyOf": [
              {
                "type": "string",
                "maxLength": 255
              },
              {
                "type": "null"
              }
            ],
            "description": "Why the customer is coming, up to 255 characters (becomes the repair order concern)"
          },
          "technician_id": {
            "anyOf": [
              {
                "type": "string",
                "description": "The tech_ id of an active technician, or null",
                "pattern": "^tech_[0-9A-Za-z]{1,64}$",
                "maxLength": 69,
                "example": "tech_4bW2yXk0fT9QmZr7LcVd1p"
              },
              {
                "type": "null"
              }
            ]
          },
          "utc_offset": {
            "anyOf": [
              {
                "type": "string",
                "maxLength": 6,
                "pattern": "^[+-](?:(?:0\\\\d|1[0-3]):[0-5]\\\\d|14:00)$"
              },
              {
                "type": "null"
              }
            ],
            "pattern": "^[+-](?:(?:0\\\\d|1[0-3]):[0-5]\\\\d|14:00)$",
            "example": "-05:00",
            "description": "Needed only for a time that happens twice when the clocks go back: the offset of the reading meant (e.g. -04:00 for the first 01:30, -05:00 for the second, in New York). Any other time accepts its own offset or none."
          }
        },
        "additionalProperties": false,
        "description": "Presence-aware: omitted fields are unchanged, null clears notes, reason or technician_id. A new date, time, duration or technician is checked against the shop hours and capacity like a booking. A body that changes nothing is 400 no_changes."
      },
      "AppointmentCancel": {
        "type": "object",
        "properties": {
          "reason": {
            "description": "Up to 255 characters",
            "anyOf": [
              {
                "type": "string",
                "maxLength": 255
              },
              {
                "type": "null"
              }
            ]
          }
        },
        "additionalProperties": false
      },
      "AppointmentConversion": {
        "type": "object",
        "properties": {
          "odometer_in": {
            "description": "Odometer reading at drop-off",
            "anyOf": [
              {
                "type": "integer",
                "minimum": 0,
                "maximum": 10000000
              },
              {
                "type": "null"
              }
            ]
          }
        },
        "additionalProperties": false
      },
      "RepairOrderCreate": {
        "type": "object",
        "properties": {
          "customer_id": {
            "type": "string",
            "description": "The cus_ id of the customer the order is for",
            "pattern": "^cus_[0-9A-Za-z]{1,64}$",
            "maxLength": 68,
            "example": "cus_4bW2yXk0fT9QmZr7LcVd1p"
          },
          "vehicle_id": {
            "type": "string",
            "description": "The veh_ id of the vehicle; it must be this customer's",
            "pattern": "^veh_[0-9A-Za-z]{1,64}$",
            "maxLength": 68,
            "example": "veh_4bW2yXk0fT9QmZr7LcVd1p"
          },
          "customer_concern": {
            "anyOf": [
              {
                "type": "string",
                "maxLength": 5000
              },
              {
                "type": "null"
              }
            ],
            "description": "The customer's words for the problem, up to 5000 characters"
          },
          "odometer_in": {
            "anyOf": [
              {
                "type": "integer",
                "minimum": 0,
                "maximum": 10000000
              },
              {
                "type": "null"
              }
            ],
            "description": "Odometer reading at drop-off"
          },
          "promised_at": {
            "anyOf": [
              {
                "format": "date-time",
                "pattern": "^(\\\\d{4})-(\\\\d{2})-(\\\\d{2})[Tt](\\\\d{2}):(\\\\d{2}):(\\\\d{2})(\\\\.\\\\d{1,9})?(?:[Zz]|[+-](\\\\d{2}):(\\\\d{2}))$",
                "description": "RFC 3339 date-time: seconds required, optional fraction, then \`Z\` or a \`±HH:MM\` offset. Naive date-times, a space for \`T\` and \`+HHMM\` offsets are rejected, and so is an instant outside 1900-01-01T00:00:00Z to 9999-12-31T23:59:59Z once converted to UTC (responses write instants in UTC with a four-digit year).",
                "example": "2026-01-31T09:04:05-06:00",
                "type": "string",
                "maxLength": 40
              },
              {
                "type": "null"
              }
            ],
            "description": "When the shop promised the vehicle back"
          },
          "tax_exempt": {
            "description": "Defaults to the customer's tax_exempt",
            "type": "boolean"
          },
          "is_comeback": {
            "description": "Defaults to false",
            "type": "boolean"
          }
        },
        "required": [
          "customer_id",
          "vehicle_id"
        ],
        "additionalProperties": false
      },
      "RepairOrderUpdate": {
        "type": "object",
        "properties": {
          "customer_concern": {
            "anyOf": [
              {
                "type": "string",
                "maxLength": 5000
              },
              {
                "type": "null"
              }
            ],
            "description": "The customer's words for the problem, up to 5000 characters"
          },
          "odometer_in": {
            "anyOf": [
              {
                "type": "integer",
                "minimum": 0,
                "maximum": 10000000
              },
              {
                "type": "null"
              }
            ],
            "description": "Odometer reading at drop-off"
          },
          "odometer_out": {
            "anyOf": [
              {
                "type": "integer",
                "minimum": 0,
                "maximum": 10000000
              },
              {
                "type": "null"
              }
            ],
            "description": "Odometer reading at pick-up; not below odometer_in"
          },
          "promised_at": {
            "anyOf": [
              {
                "format": "date-time",
                "pattern": "^(\\\\d{4})-(\\\\d{2})-(\\\\d{2})[Tt](\\\\d{2}):(\\\\d{2}):(\\\\d{2})(\\\\.\\\\d{1,9})?(?:[Zz]|[+-](\\\\d{2}):(\\\\d{2}))$",
                "description": "RFC 3339 date-time: seconds required, optional fraction, then \`Z\` or a \`±HH:MM\` offset. Naive date-times, a space for \`T\` and \`+HHMM\` offsets are rejected, and so is an instant outside 1900-01-01T00:00:00Z to 9999-12-31T23:59:59Z once converted to UTC (responses write instants in UTC with a four-digit year).",
                "example": "2026-01-31T09:04:05-06:00",
                "type": "string",
                "maxLength": 40
              },
              {
                "type": "null"
              }
            ],
            "description": "When the shop promised the vehicle back"
          },
          "tax_exempt": {
            "type": "boolean",
            "description": "No sales tax on any job of the order"
          },
          "is_comeback": {
            "type": "boolean",
            "description": "The vehicle came back for work done before (a redo)"
          },
          "expected_version": {
            "description": "Optimistic concurrency: the update is refused with 409 version_conflict unless this is the current version",
            "anyOf": [
              {
                "type": "integer",
                "minimum": 1,
                "maximum": 9007199254740991
              },
              {
                "type": "null"
              }
            ]
          }
        },
        "additionalProperties": false,
        "description": "Presence-aware: an omitted field is unchanged, null clears a nullable field, and a body that changes nothing is 400 no_changes. Customer, vehicle, number and state are not editable."
      },
      "JobCreate": {
        "type": "object",
        "properties": {
          "name": {
            "description": "1-200 characters; required unless canned_job_id is given (then the canned job's name)",
            "type": "string",
            "minLength": 1,
            "maxLength": 200
          },
          "description": {
            "anyOf": [
              {
                "type": "string",
                "maxLength": 5000
              },
              {
                "type": "null"
              }
            ]
          },
          "kind": {
            "description": "service (default, or the canned job's kind), fee, discount or no_charge",
            "type": "string",
            "enum": [
              "service",
              "fee",
              "discount",
              "no_charge"
            ]
          },
          "canned_job_id": {
            "type": "string",
            "description": "A canned job to start from: its labor (default hours × labor rate) and parts are copied onto the job",
            "pattern": "^cj_[0-9A-Za-z]{1,64}$",
            "maxLength": 67,
            "example": "cj_4bW2yXk0fT9QmZr7LcVd1p"
          },
          "technician_id": {
            "type": "string",
            "description": "The technician assigned to the job (tech_ id)",
            "pattern": "^tech_[0-9A-Za-z]{1,64}$",
            "maxLength": 69,
            "example": "tech_4bW2yXk0fT9QmZr7LcVd1p"
          },
          "taxable": {
            "description": "Default true, or the canned job's",
            "type": "boolean"
          },
          "amount": {
            "type": "string",
            "maxLength": 20,
            "description": "The fee, or the discount (given positive, shown negative in pricing): a decimal string with at most 2 places, more than 0 and at most 9999999999.99. A job whose totals, or an order whose totals, would pass 9999999999.99 is refused with 409 \`conflict\` (blocker \`total_exceeds_maximum\`)",
            "example": "25.00"
          }
        },
        "additionalProperties": false,
        "description": "A job on a repair order, optionally from a canned job (its labor and parts are copied). New jobs are pending and not started."
      },
      "TaskCreate": {
        "type": "object",
        "properties": {
          "title": {
            "type": "string",
            "minLength": 1,
            "maxLength": 255,
            "description": "1-255 characters"
          },
          "description": {
            "anyOf": [
              {
                "type": "string",
                "maxLength": 5000
              },
              {
                "type": "null"
              }
            ],
            "description": "Up to 5000 characters"
          },
          "status": {
            "description": "Defaults to \`open\`; \`done\` is refused (complete the task instead)",
            "type": "string",
            "enum": [
              "open",
              "in_progress",
              "blocked",
              "waiting"
            ]
          },
          "priority": {
            "description": "Defaults to \`normal\`",
            "type": "string",
            "enum": [
              "low",
              "normal",
              "high",
              "urgent"
            ]
          },
          "due_at": {
            "anyOf": [
              {
                "format": "date-time",
                "pattern": "^(\\\\d{4})-(\\\\d{2})-(\\\\d{2})[Tt](\\\\d{2}):(\\\\d{2}):(\\\\d{2})(\\\\.\\\\d{1,9})?(?:[Zz]|[+-](\\\\d{2}):(\\\\d{2}))$",
                "description": "RFC 3339 date-time: seconds required, optional fraction, then \`Z\` or a \`±HH:MM\` offset. Naive date-times, a space for \`T\` and \`+HHMM\` offsets are rejected, and so is an instant outside 1900-01-01T00:00:00Z to 9999-12-31T23:59:59Z once converted to UTC (responses write instants in UTC with a four-digit year).",
                "example": "2026-01-31T09:04:05-06:00",
                "type": "string",
                "maxLength": 40
              },
              {
                "type": "null"
              }
            ],
            "description": "When the task should be done; null: no due date"
          },
          "assignee_id": {
            "anyOf": [
              {
                "type": "string",
                "description": "The tech_ id of an active technician of the shop, or null",
                "pattern": "^tech_[0-9A-Za-z]{1,64}$",
                "maxLength": 69,
                "example": "tech_4bW2yXk0fT9QmZr7LcVd1p"
              },
              {
                "type": "null"
              }
            ]
          },
          "repair_order_id": {
            "anyOf": [
              {
                "type": "string",
                "description": "The ro_ id the task is about, or null",
                "pattern": "^ro_[0-9A-Za-z]{1,64}$",
                "maxLength": 67,
                "example": "ro_4bW2yXk0fT9QmZr7LcVd1p"
              },
              {
                "type": "null"
              }
            ]
          },
          "customer_id": {
            "anyOf": [
              {
                "type": "string",
                "description": "The cus_ id the task is about, or null",
                "pattern": "^cus_[0-9A-Za-z]{1,64}$",
                "maxLength": 68,
                "example": "cus_4bW2yXk0fT9QmZr7LcVd1p"
              },
              {
                "type": "null"
              }
            ]
          },
          "vehicle_id": {
            "anyOf": [
              {
                "type": "string",
                "description": "The veh_ id the task is about, or null",
                "pattern": "^veh_[0-9A-Za-z]{1,64}$",
                "maxLength": 68,
                "example": "veh_4bW2yXk0fT9QmZr7LcVd1p"
              },
              {
                "type": "null"
              }
            ]
          }
        },
        "required": [
          "title"
        ],
        "additionalProperties": false
      },
      "TaskUpdate": {
        "type": "object",
        "properties": {
          "title": {
            "type": "string",
            "minLength": 1,
            "maxLength": 255,
            "description": "1-255 characters"
          },
          "description": {
            "anyOf": [
              {
                "type": "string",
                "maxLength": 5000
              },
              {
                "type": "null"
              }
            ],
            "description": "Up to 5000 characters"
          },
          "status": {
            "type": "string",
            "enum": [
              "open",
              "in_progress",
              "blocked",
              "waiting"
            ],
            "description": "Any status but \`done\`, from any status (a done task is reopened this way); \`done\` is reached only with POST /tasks/{id}/complete and is refused here with 409 \`conflict\`"
          },
          "priority": {
            "type": "string",
            "enum": [
              "low",
              "normal",
              "high",
              "urgent"
            ]
          },
          "due_at": {
            "anyOf": [
              {
                "format": "date-time",
                "pattern": "^(\\\\d{4})-(\\\\d{2})-(\\\\d{2})[Tt](\\\\d{2}):(\\\\d{2}):(\\\\d{2})(\\\\.\\\\d{1,9})?(?:[Zz]|[+-](\\\\d{2}):(\\\\d{2}))$",
                "description": "RFC 3339 date-time: seconds required, optional fraction, then \`Z\` or a \`±HH:MM\` offset. Naive date-times, a space for \`T\` and \`+HHMM\` offsets are rejected, and so is an instant outside 1900-01-01T00:00:00Z to 9999-12-31T23:59:59Z once converted to UTC (responses write instants in UTC with a four-digit year).",
                "example": "2026-01-31T09:04:05-06:00",
                "type": "string",
                "maxLength": 40
              },
              {
                "type": "null"
              }
            ],
            "description": "When the task should be done; null: no due date"
          },
          "assignee_id": {
            "anyOf": [
              {
                "type": "string",
                "description": "The tech_ id of an active technician of the shop, or null",
                "pattern": "^tech_[0-9A-Za-z]{1,64}$",
                "maxLength": 69,
                "example": "tech_4bW2yXk0fT9QmZr7LcVd1p"
              },
              {
                "type": "null"
              }
            ]
          },
          "repair_order_id": {
            "anyOf": [
              {
                "type": "string",
                "description": "The ro_ id the task is about, or null",
                "pattern": "^ro_[0-9A-Za-z]{1,64}$",
                "maxLength": 67,
                "example": "ro_4bW2yXk0fT9QmZr7LcVd1p"
              },
              {
                "type": "null"
              }
            ]
          },
          "customer_id": {
            "anyOf": [
              {
                "type": "string",
                "description": "The cus_ id the task is about, or null",
                "pattern": "^cus_[0-9A-Za-z]{1,64}$",
                "maxLength": 68,
                "example": "cus_4bW2yXk0fT9QmZr7LcVd1p"
              },
              {
                "type": "null"
              }
            ]
          },
          "vehicle_id": {
            "anyOf": [
              {
                "type": "string",
                "description": "The veh_ id the task is about, or null",
                "pattern": "^veh_[0-9A-Za-z]{1,64}$",
                "maxLength": 68,
                "example": "veh_4bW2yXk0fT9QmZr7LcVd1p"
              },
              {
                "type": "null"
              }
            ]
          },
          "expected_version": {
            "description": "Optimistic concurrency: the update is refused with 409 version_conflict unless this is the current version",
            "anyOf": [
              {
                "type": "integer",
                "minimum": 1,
                "maximum": 9007199254740991
              },
              {
                "type": "null"
              }
            ]
          }
        },
        "additionalProperties": false,
        "description": "Presence-aware: an omitted field is unchanged, null clears a nullable field, and a body that changes nothing is 400 no_changes"
      },
      "EventType": {
        "type": "string",
        "enum": [
          "customer.created",
          "customer.updated",
          "customer.archived",
          "customer.merged",
          "vehicle.created",
          "vehicle.updated",
          "vehicle.archived",
          "vehicle.merged",
          "appointment.created",
          "appointment.updated",
          "appointment.status_changed",
          "appointment.converted_to_repair_order",
          "repair_order.created",
          "repair_order.updated",
          "repair_order.status_changed",
          "job.created",
          "job.status_changed",
          "invoice.posted",
          "invoice.voided",
          "credit_note.issued",
          "payment.recorded",
          "payment.reversed",
          "task.created",
          "task.updated",
          "task.completed",
          "webhook_endpoint.disabled"
        ],
        "description": "An event type of API v1"
      },
      "Error": {
        "type": "object",
        "properties": {
          "error": {
            "type": "object",
            "properties": {
              "code": {
                "anyOf": [
                  {
                    "$ref": "#/components/schemas/ErrorCode"
                  },
                  {
                    "type": "string"
                  }
                ],
                "description": "One of ErrorCode; other strings may appear",
                "x-field-visibility": "always"
              },
              "message": {
                "type": "string",
                "description": "Human-readable explanation; not for parsing",
                "x-field-visibility": "always"
              },
              "param": {
                "description": "The request field, query parameter or header at fault, or null",
                "x-field-visibility": "always",
                "type": [
                  "string",
                  "null"
                ]
              },
              "request_id": {
                "description": "The X-Request-Id of the request (req_...); null when generated at the edge",
                "x-field-visibility": "always",
                "type": [
                  "string",
                  "null"
                ]
              },
              "blockers": {
                "type": "array",
                "items": {
                  "$ref": "#/components/schemas/Blocker"
                },
                "x-field-visibility": "always"
              }
            },
            "required": [
              "code",
              "message",
              "param",
              "request_id",
              "blockers"
            ],
            "x-field-visibility": "always"
          }
        },
        "required": [
          "error"
        ],
        "description": "The one error envelope of every non-2xx response"
      },
      "Blocker": {
        "type": "object",
        "properties": {
          "type": {
            "type": "string",
            "x-field-visibility": "always"
          },
          "reason": {
            "type": "string",
            "x-field-visibility": "always"
          },
          "message": {
            "type": "string",
            "x-field-visibility": "always"
          },
          "resolution": {
            "type": "array",
            "items": {
              "type": "string"
            },
            "description": "What would resolve the refusal; always present, \`[]\` when none",
            "x-field-visibility": "always"
          }
        },
        "required": [
          "type",
          "reason",
          "message",
          "resolution"
        ],
        "description": "Why a workflow request was refused, and what would resolve it"
      },
      "Shop": {
        "type": "object",
        "properties": {
          "id": {
            "type": "string",
            "description": "shop_ id",
            "example": "shop_4bW2yXk0fT9QmZr7LcVd1p",
            "x-field-visibility": "always"
          },
          "object": {
            "type": "string",
            "const": "shop",
            "x-field-visibility": "always"
          },
          "name": {
            "type": "string",
            "x-field-visibility": "always"
          },
          "timezone": {
            "type": "string",
            "description": "IANA time zone of the shop",
            "example": "America/Chicago",
            "x-field-visibility": "always"
          },
          "currency": {
            "type": "string",
            "description": "ISO 4217 code of every amount of this shop",
            "example": "USD",
            "x-field-visibility": "always"
          },
          "capabilities": {
            "x-field-visibility": "always",
            "$ref": "#/components/schemas/ShopCapabilities"
          }
        },
        "required": [
          "id",
          "object",
          "name",
          "timezone",
          "currency",
          "capabilities"
        ],
        "description": "The shop whose data the API key reaches"
      },
      "ShopCapabilities": {
        "type": "object",
        "properties": {
          "online_booking": {
            "type": "boolean",
            "x-field-visibility": "always"
          },
          "tire_storage": {
            "type": "boolean",
            "x-field-visibility": "always"
          }
        },
        "required": [
          "online_booking",
          "tire_storage"
        ],
        "additionalProperties": {
          "type": "boolean"
        },
        "description": "Optional features of this shop. More flags may appear; treat a missing flag as false."
      },
      "CustomerList": {
        "type": "object",
        "properties": {
          "object": {
            "type": "string",
            "const": "list",
            "x-field-visibility": "always"
          },
          "data": {
            "type": "array",
            "items": {
              "$ref": "#/components/schemas/Customer"
            },
            "x-field-visibility": "always"
          },
          "has_more": {
            "type": "boolean",
            "x-field-visibility": "always"
          },
          "next_cursor": {
            "x-field-visibility": "always",
            "type": [
              "string",
              "null"
            ]
          }
        },
        "required": [
          "object",
          "data",
          "has_more",
          "next_cursor"
        ]
      },
      "Customer": {
        "type": "object",
        "properties": {
          "id": {
            "type": "string",
            "description": "cus_ id",
            "example": "cus_4bW2yXk0fT9QmZr7LcVd1p",
            "x-field-visibility": "always"
          },
          "object": {
            "type": "string",
            "const": "customer",
            "x-field-visibility": "always"
          },
          "first_name": {
            "type": "string",
            "x-field-visibility": "always"
          },
          "last_name": {
            "type": "string",
            "x-field-visibility": "always"
          },
          "company_name": {
            "x-field-visibility": "always",
            "type": [
              "string",
              "null"
            ]
          },
          "email": {
            "x-field-visibility": "always",
            "type": [
              "string",
              "null"
            ]
          },
          "phone": {
            "x-field-visibility": "always",
            "type": [
              "string",
              "null"
            ]
          },
          "phone_alt": {
            "x-field-visibility": "always",
            "type": [
              "string",
              "null"
            ]
          },
          "address": {
            "x-field-visibility": "always",
            "$ref": "#/components/schemas/Address"
          },
          "preferred_contact": {
            "description": "\`sms\`, \`email\`, \`phone\` or null; other strings may appear",
            "x-field-visibility": "always",
            "type": [
              "string",
              "null"
            ]
          },
          "consent": {
            "x-field-visibility": "always",
            "$ref": "#/components/schemas/Consent"
          },
          "notes": {
            "x-field-visibility": "always",
            "type": [
              "string",
              "null"
            ]
          },
          "tags": {
            "type": "array",
            "items": {
              "type": "string"
            },
            "x-field-visibility": "always"
          },
          "fleet_account": {
            "type": "boolean",
            "x-field-visibility": "always"
          },
          "tax_exempt": {
            "type": "boolean",
            "x-field-visibility": "always"
          },
          "archived": {
            "type": "boolean",
            "x-field-visibility": "always"
          },
          "external_id": {
            "description": "This integration's own id for the record; null when it set none",
            "x-field-visibility": "always",
            "type": [
              "string",
              "null"
            ]
          },
          "merged_into": {
            "description": "The surviving cus_ id when this customer was merged into another",
            "x-field-visibility": "always",
            "type": [
              "string",
              "null"
            ]
          },
          "version": {
            "type": "integer",
            "minimum": -9007199254740991,
            "maximum": 9007199254740991,
            "description": "Starts at 1; +1 on every change",
            "x-field-visibility": "always"
          },
          "created_at": {
            "type": "string",
            "format": "date-time",
            "description": "RFC 3339 instant in UTC with a \`Z\` suffix",
            "example": "2026-01-31T15:04:05.000Z",
            "x-field-visibility": "always"
          },
          "updated_at": {
            "type": "string",
            "format": "date-time",
            "description": "RFC 3339 instant in UTC with a \`Z\` suffix",
            "example": "2026-01-31T15:04:05.000Z",
            "x-field-visibility": "always"
          }
        },
        "required": [
          "id",
          "object",
          "first_name",
          "last_name",
          "company_name",
          "email",
          "phone",
          "phone_alt",
          "address",
          "preferred_contact",
          "consent",
          "notes",
          "tags",
          "fleet_account",
          "tax_exempt",
          "archived",
          "external_id",
          "merged_into",
          "version",
          "created_at",
          "updated_at"
        ]
      },
      "Address": {
        "type": "object",
        "properties": {
          "line1": {
            "x-field-visibility": "always",
            "type": [
              "string",
              "null"
            ]
          },
          "city": {
            "x-field-visibility": "always",
            "type": [
              "string",
              "null"
            ]
          },
          "region": {
            "x-field-visibility": "always",
            "type": [
              "string",
              "null"
            ]
          },
          "postal_code": {
            "x-field-visibility": "always",
            "type": [
              "string",
              "null"
            ]
          },
          "country": {
            "default": null,
            "x-field-visibility": "always",
            "type": [
              "string",
              "null"
            ]
          }
        },
        "required": [
          "line1",
          "city",
          "region",
          "postal_code",
          "country"
        ]
      },
      "Consent": {
        "type": "object",
        "properties": {
          "sms_transactional": {
            "type": "boolean",
            "x-field-visibility": "always"
          },
          "sms_marketing": {
            "type": "boolean",
            "x-field-visibility": "always"
          },
          "email_transactional": {
            "type": "boolean",
            "x-field-visibility": "always"
          },
          "email_marketing": {
            "type": "boolean",
            "x-field-visibility": "always"
          },
          "voice": {
            "type": "boolean",
            "x-field-visibility": "always"
          },
          "do_not_call": {
            "type": "boolean",
            "x-field-visibility": "always"
          }
        },
        "required": [
          "sms_transactional",
          "sms_marketing",
          "email_transactional",
          "email_marketing",
          "voice",
          "do_not_call"
        ]
      },
      "ExternalReference": {
        "type": "object",
        "properties": {
          "object": {
            "type": "string",
            "const": "external_reference",
            "x-field-visibility": "always"
          },
          "object_type": {
            "type": "string",
            "description": "\`customer\`, \`vehicle\`, \`repair_order\`, \`task\`; other strings may appear",
            "x-field-visibility": "always"
          },
          "object_id": {
            "type": "string",
            "description": "The id of the record the reference belongs to",
            "x-field-visibility": "always",
            "x-shopapi-addition": true
          },
          "external_id": {
            "x-field-visibility": "always",
            "type": [
              "string",
              "null"
            ]
          }
        },
        "required": [
          "object",
          "object_type",
          "object_id",
          "external_id"
        ],
        "description": "This integration's own id for a record; private to it"
      },
      "VehicleList": {
        "type": "object",
        "properties": {
          "object": {
            "type": "string",
            "const": "list",
            "x-field-visibility": "always"
          },
          "data": {
            "type": "array",
            "items": {
              "$ref": "#/components/schemas/Vehicle"
            },
            "x-field-visibility": "always"
          },
          "has_more": {
            "type": "boolean",
            "x-field-visibility": "always"
          },
          "next_cursor": {
            "x-field-visibility": "always",
            "type": [
              "string",
              "null"
            ]
          }
        },
        "required": [
          "object",
          "data",
          "has_more",
          "next_cursor"
        ]
      },
      "Vehicle": {
        "type": "object",
        "properties": {
          "id": {
            "type": "string",
            "description": "veh_ id",
            "example": "veh_4bW2yXk0fT9QmZr7LcVd1p",
            "x-field-visibility": "always"
          },
          "object": {
            "type": "string",
            "const": "vehicle",
            "x-field-visibility": "always"
          },
          "customer_id": {
            "type": "string",
            "description": "The cus_ id of the owner",
            "x-field-visibility": "always"
          },
          "vin": {
            "description": "17 characters, upper-case",
            "x-field-visibility": "always",
            "type": [
              "string",
              "null"
            ]
          },
          "year": {
            "anyOf": [
              {
                "type": "integer",
                "minimum": -9007199254740991,
                "maximum": 9007199254740991
              },
              {
                "type": "null"
              }
            ],
            "x-field-visibility": "always"
          },
          "make": {
            "x-field-visibility": "always",
            "type": [
              "string",
              "null"
            ]
          },
          "model": {
            "x-field-visibility": "always",
            "type": [
              "string",
              "null"
            ]
          },
          "trim": {
            "x-field-visibility": "always",
            "type": [
              "string",
              "null"
            ]
          },
          "engine": {
            "x-field-visibility": "always",
            "type": [
              "string",
              "null"
            ]
          },
          "color": {
            "x-field-visibility": "always",
            "type": [
              "string",
              "null"
            ]
          },
          "plate": {
            "x-field-visibility": "always",
            "type": [
              "string",
              "null"
            ]
          },
          "plate_region": {
            "x-field-visibility": "always",
            "type": [
              "string",
              "null"
            ]
          },
          "unit_number": {
            "x-field-visibility": "always",
            "type": [
              "string",
              "null"
            ]
          },
          "odometer": {
            "anyOf": [
              {
                "type": "integer",
                "minimum": -9007199254740991,
                "maximum": 9007199254740991
              },
              {
                "type": "null"
              }
            ],
            "x-field-visibility": "always"
          },
          "notes": {
            "x-field-visibility": "always",
            "type": [
              "string",
              "null"
            ]
          },
          "external_id": {
            "description": "This integration's own id for the record; null when it set none",
            "x-field-visibility": "always",
            "type": [
              "string",
              "null"
            ]
          },
          "archived": {
            "type": "boolean",
            "x-field-visibility": "always"
          },
          "merged_into": {
            "description": "The surviving veh_ id when this vehicle was merged into another",
            "x-field-visibility": "always",
            "type": [
              "string",
              "null"
            ]
          },
          "version": {
            "type": "integer",
            "minimum": -9007199254740991,
            "maximum": 9007199254740991,
            "description": "Starts at 1; +1 on every change",
            "x-field-visibility": "always"
          },
          "created_at": {
            "type": "string",
            "format": "date-time",
            "description": "RFC 3339 instant in UTC with a \`Z\` suffix",
            "example": "2026-01-31T15:04:05.000Z",
            "x-field-visibility": "always"
          },
          "updated_at": {
            "type": "string",
            "format": "date-time",
            "description": "RFC 3339 instant in UTC with a \`Z\` suffix",
            "example": "2026-01-31T15:04:05.000Z",
            "x-field-visibility": "always"
          }
        },
        "required": [
          "id",
          "object",
          "customer_id",
          "vin",
          "year",
          "make",
          "model",
          "trim",
          "engine",
          "color",
          "plate",
          "plate_region",
          "unit_number",
          "odometer",
          "notes",
          "external_id",
          "archived",
          "merged_into",
          "version",
          "created_at",
          "updated_at"
        ]
      },
      "AvailabilityList": {
        "type": "object",
        "properties": {
          "object": {
            "type": "string",
            "const": "list",
            "x-field-visibility": "always"
          },
          "data": {
            "type": "array",
            "items": {
              "$ref": "#/components/schemas/Availability"
            },
            "x-field-visibility": "always"
          },
          "has_more": {
            "type": "boolean",
            "x-field-visibility": "always"
          },
          "next_cursor": {
            "x-field-visibility": "always",
            "type": [
              "string",
              "null"
            ]
          }
        },
        "required": [
          "object",
          "data",
          "has_more",
          "next_cursor"
        ]
      },
      "Availability": {
        "type": "object",
        "properties": {
          "date": {
            "type": "string",
            "format": "date",
            "description": "A date on the shop's wall clock",
            "example": "2026-03-14",
            "x-field-visibility": "always"
          },
          "available": {
            "type": "boolean",
            "description": "Open and not full (\`booked\` < \`capacity\`). It can change once read: a booking may still be refused with a blocker.",
            "x-field-visibility": "always"
          },
          "reason": {
            "description": "Why the date is not available: the closure's reason (or \\"Closed (holiday)\\"), \\"Closed on Sundays\\" for a weekday the shop does not open, \\"Fully booked\\", or \\"Not taking appointments\\" (a capacity of 0); null when available.",
            "x-field-visibility": "always",
            "type": [
              "string",
              "null"
            ]
          },
          "open_time": {
            "description": "Opening time \`HH:MM\`; null when closed, and while the shop has set no hours (then it takes bookings at any time).",
            "example": "08:00",
            "x-field-visibility": "always",
            "type": [
              "string",
              "null"
            ]
          },
          "close_time": {
            "description": "Closing time \`HH:MM\`, \`24:00\` for midnight; null as \`open_time\`.",
            "example": "17:30",
            "x-field-visibility": "always",
            "type": [
              "string",
              "null"
            ]
          },
          "booked": {
            "type": "integer",
            "minimum": -9007199254740991,
            "maximum": 9007199254740991,
            "description": "Appointments of this date that hold a place: status \`requested\`, \`booked\`, \`arrived\` or \`fulfilled\`.",
            "x-field-visibility": "always"
          },
          "capacity": {
            "type": "integer",
            "minimum": -9007199254740991,
            "maximum": 9007199254740991,
            "description": "Appointments the shop takes this date, all technicians together (100 while it has set no hours); 0 when closed.",
            "x-field-visibility": "always"
          }
        },
        "required": [
          "date",
          "available",
          "reason",
          "open_time",
          "close_time",
          "booked",
          "capacity"
        ],
        "description": "Whether the shop takes bookings on one of its dates"
      },
      "AppointmentList": {
        "type": "object",
        "properties": {
          "object": {
            "type": "string",
            "const": "list",
            "x-field-visibility": "always"
          },
          "data": {
            "type": "array",
            "items": {
              "$ref": "#/components/schemas/Appointment"
            },
            "x-field-visibility": "always"
          },
          "has_more": {
            "type": "boolean",
            "x-field-visibility": "always"
          },
          "next_cursor": {
            "x-field-visibility": "always",
            "type": [
              "string",
              "null"
            ]
          }
        },
        "required": [
          "object",
          "data",
          "has_more",
          "next_cursor"
        ]
      },
      "Appointment": {
        "type": "object",
        "properties": {
          "id": {
            "type": "string",
            "description": "appt_ id",
            "example": "appt_4bW2yXk0fT9QmZr7LcVd1p",
            "x-field-visibility": "always"
          },
          "object": {
            "type": "string",
            "const": "appointment",
            "x-field-visibility": "always"
          },
          "status": {
            "type": "string",
            "description": "One of requested, booked, arrived, fulfilled, cancelled, no_show; other strings may appear",
            "example": "booked",
            "x-field-visibility": "always"
          },
          "date": {
            "type": "string",
            "format": "date",
            "description": "Shop-local date",
            "example": "2026-03-14",
            "x-field-visibility": "always"
          },
          "time": {
            "type": "string",
            "description": "HH:MM on the wall clock of \`timezone\`",
            "example": "08:30",
            "x-field-visibility": "always"
          },
          "timezone": {
            "type": "string",
            "description": "IANA zone the date and time are read in",
            "example": "America/New_York",
            "x-field-visibility": "always"
          },
          "starts_at": {
            "anyOf": [
              {
                "type": "string",
                "format": "date-time",
                "description": "RFC 3339 instant in UTC with a \`Z\` suffix",
                "example": "2026-01-31T15:04:05.000Z"
              },
              {
                "type": "null"
              }
            ],
            "description": "The resolved UTC instant",
            "x-field-visibility": "always"
          },
          "duration_minutes": {
            "type": "integer",
            "minimum": -9007199254740991,
            "maximum": 9007199254740991,
            "x-field-visibility": "always"
          },
          "reason": {
            "x-field-visibility": "always",
            "type": [
              "string",
              "null"
            ]
          },
          "notes": {
            "x-field-visibility": "always",
            "type": [
              "string",
              "null"
            ]
          },
          "customer_id": {
            "description": "cus_ id",
            "x-field-visibility": "always",
            "type": [
              "string",
              "null"
            ]
          },
          "vehicle_id": {
            "description": "veh_ id",
            "x-field-visibility": "always",
            "type": [
              "string",
              "null"
            ]
          },
          "technician_id": {
            "description": "tech_ id",
            "x-field-visibility": "always",
            "type": [
              "string",
              "null"
            ]
          },
          "repair_order_id": {
            "description": "ro_ id of the repair order it became",
            "x-field-visibility": "always",
            "type": [
              "string",
              "null"
            ]
          },
          "confirmed_at": {
            "anyOf": [
              {
                "type": "string",
                "format": "date-time",
                "description": "RFC 3339 instant in UTC with a \`Z\` suffix",
                "example": "2026-01-31T15:04:05.000Z"
              },
              {
                "type": "null"
              }
            ],
            "x-field-visibility": "always"
          },
          "arrived_at": {
            "anyOf": [
              {
                "type": "string",
                "format": "date-time",
                "description": "RFC 3339 instant in UTC with a \`Z\` suffix",
                "example": "2026-01-31T15:04:05.000Z"
              },
              {
                "type": "null"
              }
            ],
            "x-field-visibility": "always"
          },
          "cancelled_at": {
            "anyOf": [
              {
                "type": "string",
                "format": "date-time",
                "description": "RFC 3339 instant in UTC with a \`Z\` suffix",
                "example": "2026-01-31T15:04:05.000Z"
              },
              {
                "type": "null"
              }
            ],
            "x-field-visibility": "always"
          },
          "status_reason": {
            "description": "Why it was cancelled (or set by the shop)",
            "x-field-visibility": "always",
            "type": [
              "string",
              "null"
            ]
          },
          "available_actions": {
            "type": "array",
            "items": {
              "type": "string"
            },
            "description": "What this key may do now: \`cancel\`, \`check_in\` (other strings may appear)",
            "example": [
              "cancel",
              "check_in"
            ],
            "x-field-visibility": "always"
          },
          "version": {
            "type": "integer",
            "minimum": -9007199254740991,
            "maximum": 9007199254740991,
            "description": "Starts at 1; +1 on every change",
            "x-field-visibility": "always"
          },
          "created_at": {
            "type": "string",
            "format": "date-time",
            "description": "RFC 3339 instant in UTC with a \`Z\` suffix",
            "example": "2026-01-31T15:04:05.000Z",
            "x-field-visibility": "always"
          },
          "updated_at": {
            "type": "string",
            "format": "date-time",
            "description": "RFC 3339 instant in UTC with a \`Z\` suffix",
            "example": "2026-01-31T15:04:05.000Z",
            "x-field-visibility": "always"
          }
        },
        "required": [
          "id",
          "object",
          "status",
          "date",
          "time",
          "timezone",
          "starts_at",
          "duration_minutes",
          "reason",
          "notes",
          "customer_id",
          "vehicle_id",
          "technician_id",
          "repair_order_id",
          "confirmed_at",
          "arrived_at",
          "cancelled_at",
          "status_reason",
          "available_actions",
          "version",
          "created_at",
          "updated_at"
        ]
      },
      "ConvertedRepairOrder": {
        "type": "object",
        "properties": {
          "id": {
            "type": "string",
            "description": "ro_ id",
            "example": "ro_4bW2yXk0fT9QmZr7LcVd1p",
            "x-field-visibility": "always"
          },
          "object": {
            "type": "string",
            "const": "repair_order",
            "x-field-visibility": "always"
          },
          "number": {
            "type": "string",
            "description": "The shop's human number, the digits of number_value",
            "example": "1001",
            "x-field-visibility": "always"
          },
          "number_value": {
            "type": "integer",
            "minimum": -9007199254740991,
            "maximum": 9007199254740991,
            "description": "The number as an integer; unique in the shop, gaps possible",
            "x-field-visibility": "always"
          },
          "state": {
            "type": "string",
            "description": "One of scheduled, checked_in, estimating, awaiting_authorization, authorized, in_progress, waiting_for_parts, quality_check, completed, ready_for_pickup, invoiced, paid, picked_up, closed, cancelled, unknown; other strings may appear. \`unknown\`: an internal state with no public value; refresh and surface it for review.",
            "example": "in_progress",
            "x-field-visibility": "always"
          },
          "customer_id": {
            "type": "string",
            "description": "cus_ id",
            "x-field-visibility": "always"
          },
          "vehicle_id": {
            "type": "string",
            "description": "veh_ id",
            "x-field-visibility": "always"
          },
          "origin_appointment_id": {
            "description": "The appt_ id the order was converted from",
            "x-field-visibility": "always",
            "type": [
              "string",
              "null"
            ]
          },
          "customer_concern": {
            "x-field-visibility": "always",
            "type": [
              "string",
              "null"
            ]
          },
          "odometer_in": {
            "anyOf": [
              {
                "type": "integer",
                "minimum": -9007199254740991,
                "maximum": 9007199254740991
              },
              {
                "type": "null"
              }
            ],
            "x-field-visibility": "always"
          },
          "odometer_out": {
            "anyOf": [
              {
                "type": "integer",
                "minimum": -9007199254740991,
                "maximum": 9007199254740991
              },
              {
                "type": "null"
              }
            ],
            "x-field-visibility": "always"
          },
          "is_comeback": {
            "type": "boolean",
            "x-field-visibility": "always"
          },
          "tax_exempt": {
            "type": "boolean",
            "x-field-visibility": "always"
          },
          "promised_at": {
            "anyOf": [
              {
                "type": "string",
                "format": "date-time",
                "description": "RFC 3339 instant in UTC with a \`Z\` suffix",
                "example": "2026-01-31T15:04:05.000Z"
              },
              {
                "type": "null"
              }
            ],
            "x-field-visibility": "always"
          },
          "completed_at": {
            "anyOf": [
              {
                "type": "string",
                "format": "date-time",
                "description": "RFC 3339 instant in UTC with a \`Z\` suffix",
                "example": "2026-01-31T15:04:05.000Z"
              },
              {
                "type": "null"
              }
            ],
            "x-field-visibility": "always"
          },
          "invoiced_at": {
            "anyOf": [
              {
                "type": "string",
                "format": "date-time",
                "description": "RFC 3339 instant in UTC with a \`Z\` suffix",
                "example": "2026-01-31T15:04:05.000Z"
              },
              {
                "type": "null"
              }
            ],
            "x-field-visibility": "always"
          },
          "picked_up_at": {
            "anyOf": [
              {
                "type": "string",
                "format": "date-time",
                "description": "RFC 3339 instant in UTC with a \`Z\` suffix",
                "example": "2026-01-31T15:04:05.000Z"
              },
              {
                "type": "null"
              }
            ],
            "x-field-visibility": "always"
          },
          "external_id": {
            "description": "This integration's own id for the record; null when it set none",
            "x-field-visibility": "always",
            "type": [
              "string",
              "null"
            ]
          },
          "pricing": {
            "anyOf": [
              {
                "$ref": "#/components/schemas/ROPricing"
              },
              {
                "type": "null"
              }
            ],
            "x-field-visibility": {
              "requires_scopes": [
                "pricing.read"
              ],
              "when_missing": "null, listed in redacted_fields"
            }
          },
          "redacted_fields": {
            "type": "array",
            "items": {
              "type": "string"
            },
            "description": "JSON pointers of fields redacted for this key",
            "x-field-visibility": "always"
          },
          "version": {
            "type": "integer",
            "minimum": -9007199254740991,
            "maximum": 9007199254740991,
            "description": "Starts at 1; +1 on every change",
            "x-field-visibility": "always"
          },
          "created_at": {
            "type": "string",
            "format": "date-time",
            "description": "RFC 3339 instant in UTC with a \`Z\` suffix",
            "example": "2026-01-31T15:04:05.000Z",
            "x-field-visibility": "always"
          },
          "updated_at": {
            "type": "string",
            "format": "date-time",
            "description": "RFC 3339 instant in UTC with a \`Z\` suffix",
            "example": "2026-01-31T15:04:05.000Z",
            "x-field-visibility": "always"
          },
          "jobs": {
            "anyOf": [
              {
                "type": "array",
                "items": {
                  "$ref": "#/components/schemas/Job"
                }
              },
              {
                "type": "null"
              }
            ],
            "x-field-visibility": "always",
            "description": "The order's jobs (a new order has none), at most 100; null when it has more: use GET /repair-orders/{id}/jobs"
          }
        },
        "required": [
          "id",
          "object",
          "number",
          "number_value",
          "state",
          "customer_id",
          "vehicle_id",
          "origin_appointment_id",
          "customer_concern",
          "odometer_in",
          "odometer_out",
          "is_comeback",
          "tax_exempt",
          "promised_at",
          "completed_at",
          "invoiced_at",
          "picked_up_at",
          "external_id",
          "pricing",
          "redacted_fields",
          "version",
          "created_at",
          "updated_at",
          "jobs"
        ],
        "description": "A RepairOrder with its jobs embedded (bounded)"
      },
      "ROPricing": {
        "type": "object",
        "properties": {
          "currency": {
            "type": "string",
            "description": "ISO 4217 code, the shop currency",
            "example": "USD",
            "x-field-visibility": "always"
          },
          "labor": {
            "type": "string",
            "description": "Labor: hours × rate, each line rounded to the cent; at most 9999999999.99 in absolute value",
            "pattern": "^-?[0-9]+\\\\.[0-9]{2}$",
            "example": "180.00",
            "x-field-visibility": "always"
          },
          "parts": {
            "type": "string",
            "description": "Parts: quantity × unit price, each line rounded to the cent; at most 9999999999.99 in absolute value",
            "pattern": "^-?[0-9]+\\\\.[0-9]{2}$",
            "example": "180.00",
            "x-field-visibility": "always"
          },
          "fees": {
            "type": "string",
            "description": "Fees (shop supplies, disposal), 0.00 when none; at most 9999999999.99 in absolute value",
            "pattern": "^-?[0-9]+\\\\.[0-9]{2}$",
            "example": "180.00",
            "x-field-visibility": "always"
          },
          "discounts": {
            "type": "string",
            "description": "Discounts, zero or negative; at most 9999999999.99 in absolute value",
            "pattern": "^-?[0-9]+\\\\.[0-9]{2}$",
            "example": "180.00",
            "x-field-visibility": "always"
          },
          "subtotal": {
            "type": "string",
            "description": "labor + parts + fees + discounts; at most 9999999999.99 in absolute value",
            "pattern": "^-?[0-9]+\\\\.[0-9]{2}$",
            "example": "180.00",
            "x-field-visibility": "always"
          },
          "tax": {
            "type": "string",
            "description": "Sales tax on taxable amounts, rounded half-up to the cent; at most 9999999999.99 in absolute value",
            "pattern": "^-?[0-9]+\\\\.[0-9]{2}$",
            "example": "180.00",
            "x-field-visibility": "always"
          },
          "total": {
            "type": "string",
            "description": "subtotal + tax; at most 9999999999.99 in absolute value",
            "pattern": "^-?[0-9]+\\\\.[0-9]{2}$",
            "example": "180.00",
            "x-field-visibility": "always"
          }
        },
        "required": [
          "currency",
          "labor",
          "parts",
          "fees",
          "discounts",
          "subtotal",
          "tax",
          "total"
        ],
        "description": "Sale pricing of a repair order: the sums of its jobs that count (not declined, deferred or cancelled)"
      },
      "Job": {
        "type": "object",
        "properties": {
          "id": {
            "type": "string",
            "description": "job_ id",
            "example": "job_4bW2yXk0fT9QmZr7LcVd1p",
            "x-field-visibility": "always"
          },
          "object": {
            "type": "string",
            "const": "job",
            "x-field-visibility": "always"
          },
          "repair_order_id": {
            "type": "string",
            "description": "The ro_ id of the repair order",
            "x-field-visibility": "always"
          },
          "name": {
            "type": "string",
            "x-field-visibility": "always"
          },
          "description": {
            "x-field-visibility": "always",
            "type": [
              "string",
              "null"
            ]
          },
          "kind": {
            "type": "string",
            "description": "service, fee, discount or no_charge; other strings may appear",
            "x-field-visibility": "always"
          },
          "decision_state": {
            "type": "string",
            "description": "pending, authorized, declined, deferred, cancelled, or unknown; other strings may appear",
            "x-field-visibility": "always"
          },
          "execution_state": {
            "type": "string",
            "description": "not_started, in_progress, paused, completed, unable_to_complete, or unknown; other strings may appear",
            "x-field-visibility": "always"
          },
          "available_actions": {
            "type": "array",
            "items": {
              "type": "string"
            },
            "description": "Actions this key may take now (start, complete, unable_to_complete): only for an authorized job and a key with repair_orders.read and jobs.actions",
            "x-field-visibility": "always"
          },
          "canned_job_id": {
            "description": "The cj_ id it was created from, or null",
            "x-field-visibility": "always",
            "type": [
              "string",
              "null"
            ]
          },
          "technician_id": {
            "description": "The assigned tech_ id, or null",
            "x-field-visibility": "always",
            "type": [
              "string",
              "null"
            ]
          },
          "labor_hours": {
            "anyOf": [
              {
                "type": "string",
                "description": "Sum of the labor entries’ hours, 2 decimal places; null when there are none",
                "example": "1.50"
              },
              {
                "type": "null"
              }
            ],
            "x-field-visibility": "always"
          },
          "taxable": {
            "type": "boolean",
            "x-field-visibility": "always"
          },
          "started_at": {
            "anyOf": [
              {
                "type": "string",
                "format": "date-time",
                "description": "RFC 3339 instant in UTC with a \`Z\` suffix",
                "example": "2026-01-31T15:04:05.000Z"
              },
              {
                "type": "null"
              }
            ],
            "x-field-visibility": "always"
          },
          "completed_at": {
            "anyOf": [
              {
                "type": "string",
                "format": "date-time",
                "description": "RFC 3339 instant in UTC with a \`Z\` suffix",
                "example": "2026-01-31T15:04:05.000Z"
              },
              {
                "type": "null"
              }
            ],
            "x-field-visibility": "always"
          },
          "pricing": {
            "anyOf": [
              {
                "$ref": "#/components/schemas/JobPricing"
              },
              {
                "type": "null"
              }
            ],
            "x-field-visibility": {
              "requires_scopes": [
                "pricing.read"
              ],
              "when_missing": "null, listed in redacted_fields"
            }
          },
          "redacted_fields": {
            "type": "array",
            "items": {
              "type": "string"
            },
            "description": "JSON pointers of the fields this key cannot see",
            "x-field-visibility": "always"
          },
          "version": {
            "type": "integer",
            "minimum": -9007199254740991,
            "maximum": 9007199254740991,
            "description": "Starts at 1; +1 on every change",
            "x-field-visibility": "always",
            "x-shopapi-addition": true
          },
          "created_at": {
            "type": "string",
            "format": "date-time",
            "description": "RFC 3339 instant in UTC with a \`Z\` suffix",
            "example": "2026-01-31T15:04:05.000Z",
            "x-field-visibility": "always"
          },
          "updated_at": {
            "type": "string",
            "format": "date-time",
            "description": "RFC 3339 instant in UTC with a \`Z\` suffix",
            "example": "2026-01-31T15:04:05.000Z",
            "x-field-visibility": "always"
          }
        },
        "required": [
          "id",
          "object",
          "repair_order_id",
          "name",
          "description",
          "kind",
          "decision_state",
          "execution_state",
          "available_actions",
          "canned_job_id",
          "technician_id",
          "labor_hours",
          "taxable",
          "started_at",
          "completed_at",
          "pricing",
          "redacted_fields",
          "version",
          "created_at",
          "updated_at"
        ],
        "description": "A line item of a repair order. Parts and labor are child collections."
      },
      "JobPricing": {
        "type": "object",
        "properties": {
          "currency": {
            "type": "string",
            "description": "ISO 4217 code, the shop currency",
            "example": "USD",
            "x-field-visibility": "always"
          },
          "labor": {
            "type": "string",
            "description": "Labor: hours × rate, each line rounded to the cent; at most 9999999999.99 in absolute value",
            "pattern": "^-?[0-9]+\\\\.[0-9]{2}$",
            "example": "180.00",
            "x-field-visibility": "always"
          },
          "parts": {
            "type": "string",
            "description": "Parts: quantity × unit price, each line rounded to the cent; at most 9999999999.99 in absolute value",
            "pattern": "^-?[0-9]+\\\\.[0-9]{2}$",
            "example": "180.00",
            "x-field-visibility": "always"
          },
          "fees": {
            "type": "string",
            "description": "Fees (shop supplies, disposal), 0.00 when none; at most 9999999999.99 in absolute value",
            "pattern": "^-?[0-9]+\\\\.[0-9]{2}$",
            "example": "180.00",
            "x-field-visibility": "always"
          },
          "discounts": {
            "type": "string",
            "description": "Discounts, zero or negative; at most 9999999999.99 in absolute value",
            "pattern": "^-?[0-9]+\\\\.[0-9]{2}$",
            "example": "180.00",
            "x-field-visibility": "always"
          },
          "subtotal": {
            "type": "string",
            "description": "labor + parts + fees + discounts; at most 9999999999.99 in absolute value",
            "pattern": "^-?[0-9]+\\\\.[0-9]{2}$",
            "example": "180.00",
            "x-field-visibility": "always"
          },
          "tax": {
            "type": "string",
            "description": "Sales tax on taxable amounts, rounded half-up to the cent; at most 9999999999.99 in absolute value",
            "pattern": "^-?[0-9]+\\\\.[0-9]{2}$",
            "example": "180.00",
            "x-field-visibility": "always"
          },
          "total": {
            "type": "string",
            "description": "subtotal + tax; at most 9999999999.99 in absolute value",
            "pattern": "^-?[0-9]+\\\\.[0-9]{2}$",
            "example": "180.00",
            "x-field-visibility": "always"
          }
        },
        "required": [
          "currency",
          "labor",
          "parts",
          "fees",
          "discounts",
          "subtotal",
          "tax",
          "total"
        ],
        "description": "Sale pricing of one job"
      },
      "RepairOrderList": {
        "type": "object",
        "properties": {
          "object": {
            "type": "string",
            "const": "list",
            "x-field-visibility": "always"
          },
          "data": {
            "type": "array",
            "items": {
              "$ref": "#/components/schemas/RepairOrder"
            },
            "x-field-visibility": "always"
          },
          "has_more": {
            "type": "boolean",
            "x-field-visibility": "always"
          },
          "next_cursor": {
            "x-field-visibility": "always",
            "type": [
              "string",
              "null"
            ]
          }
        },
        "required": [
          "object",
          "data",
          "has_more",
          "next_cursor"
        ]
      },
      "RepairOrder": {
        "type": "object",
        "properties": {
          "id": {
            "type": "string",
            "description": "ro_ id",
            "example": "ro_4bW2yXk0fT9QmZr7LcVd1p",
            "x-field-visibility": "always"
          },
          "object": {
            "type": "string",
            "const": "repair_order",
            "x-field-visibility": "always"
          },
          "number": {
            "type": "string",
            "description": "The shop's human number, the digits of number_value",
            "example": "1001",
            "x-field-visibility": "always"
          },
          "number_value": {
            "type": "integer",
            "minimum": -9007199254740991,
            "maximum": 9007199254740991,
            "description": "The number as an integer; unique in the shop, gaps possible",
            "x-field-visibility": "always"
          },
          "state": {
            "type": "string",
            "description": "One of scheduled, checked_in, estimating, awaiting_authorization, authorized, in_progress, waiting_for_parts, quality_check, completed, ready_for_pickup, invoiced, paid, picked_up, closed, cancelled, unknown; other strings may appear. \`unknown\`: an internal state with no public value; refresh and surface it for review.",
            "example": "in_progress",
            "x-field-visibility": "always"
          },
          "customer_id": {
            "type": "string",
            "description": "cus_ id",
            "x-field-visibility": "always"
          },
          "vehicle_id": {
            "type": "string",
            "description": "veh_ id",
            "x-field-visibility": "always"
          },
          "origin_appointment_id": {
            "description": "The appt_ id the order was converted from",
            "x-field-visibility": "always",
            "type": [
              "string",
              "null"
            ]
          },
          "customer_concern": {
            "x-field-visibility": "always",
            "type": [
              "string",
              "null"
            ]
          },
          "odometer_in": {
            "anyOf": [
              {
                "type": "integer",
                "minimum": -9007199254740991,
                "maximum": 9007199254740991
              },
              {
                "type": "null"
              }
            ],
            "x-field-visibility": "always"
          },
          "odometer_out": {
            "anyOf": [
              {
                "type": "integer",
                "minimum": -9007199254740991,
                "maximum": 9007199254740991
              },
              {
                "type": "null"
              }
            ],
            "x-field-visibility": "always"
          },
          "is_comeback": {
            "type": "boolean",
            "x-field-visibility": "always"
          },
          "tax_exempt": {
            "type": "boolean",
            "x-field-visibility": "always"
          },
          "promised_at": {
            "anyOf": [
              {
                "type": "string",
                "format": "date-time",
                "description": "RFC 3339 instant in UTC with a \`Z\` suffix",
                "example": "2026-01-31T15:04:05.000Z"
              },
              {
                "type": "null"
              }
            ],
            "x-field-visibility": "always"
          },
          "completed_at": {
            "anyOf": [
              {
                "type": "string",
                "format": "date-time",
                "description": "RFC 3339 instant in UTC with a \`Z\` suffix",
                "example": "2026-01-31T15:04:05.000Z"
              },
              {
                "type": "null"
              }
            ],
            "x-field-visibility": "always"
          },
          "invoiced_at": {
            "anyOf": [
              {
                "type": "string",
                "format": "date-time",
                "description": "RFC 3339 instant in UTC with a \`Z\` suffix",
                "example": "2026-01-31T15:04:05.000Z"
              },
              {
                "type": "null"
              }
            ],
            "x-field-visibility": "always"
          },
          "picked_up_at": {
            "anyOf": [
              {
                "type": "string",
                "format": "date-time",
                "description": "RFC 3339 instant in UTC with a \`Z\` suffix",
                "example": "2026-01-31T15:04:05.000Z"
              },
              {
                "type": "null"
              }
            ],
            "x-field-visibility": "always"
          },
          "external_id": {
            "description": "This integration's own id for the record; null when it set none",
            "x-field-visibility": "always",
            "type": [
              "string",
              "null"
            ]
          },
          "pricing": {
            "anyOf": [
              {
                "$ref": "#/components/schemas/ROPricing"
              },
              {
                "type": "null"
              }
            ],
            "x-field-visibility": {
              "requires_scopes": [
                "pricing.read"
              ],
              "when_missing": "null, listed in redacted_fields"
            }
          },
          "redacted_fields": {
            "type": "array",
            "items": {
              "type": "string"
            },
            "description": "JSON pointers of fields redacted for this key",
            "x-field-visibility": "always"
          },
          "version": {
            "type": "integer",
            "minimum": -9007199254740991,
            "maximum": 9007199254740991,
            "description": "Starts at 1; +1 on every change",
            "x-field-visibility": "always"
          },
          "created_at": {
            "type": "string",
            "format": "date-time",
            "description": "RFC 3339 instant in UTC with a \`Z\` suffix",
            "example": "2026-01-31T15:04:05.000Z",
            "x-field-visibility": "always"
          },
          "updated_at": {
            "type": "string",
            "format": "date-time",
            "description": "RFC 3339 instant in UTC with a \`Z\` suffix",
            "example": "2026-01-31T15:04:05.000Z",
            "x-field-visibility": "always"
          }
        },
        "required": [
          "id",
          "object",
          "number",
          "number_value",
          "state",
          "customer_id",
          "vehicle_id",
          "origin_appointment_id",
          "customer_concern",
          "odometer_in",
          "odometer_out",
          "is_comeback",
          "tax_exempt",
          "promised_at",
          "completed_at",
          "invoiced_at",
          "picked_up_at",
          "external_id",
          "pricing",
          "redacted_fields",
          "version",
          "created_at",
          "updated_at"
        ]
      },
      "JobList": {
        "type": "object",
        "properties": {
          "object": {
            "type": "string",
            "const": "list",
            "x-field-visibility": "always"
          },
          "data": {
            "type": "array",
            "items": {
              "$ref": "#/components/schemas/Job"
            },
            "x-field-visibility": "always"
          },
          "has_more": {
            "type": "boolean",
            "x-field-visibility": "always"
          },
          "next_cursor": {
            "x-field-visibility": "always",
            "type": [
              "string",
              "null"
            ]
          }
        },
        "required": [
          "object",
          "data",
          "has_more",
          "next_cursor"
        ]
      },
      "LaborList": {
        "type": "object",
        "properties": {
          "object": {
            "type": "string",
            "const": "list",
            "x-field-visibility": "always"
          },
          "data": {
            "type": "array",
            "items": {
              "$ref": "#/components/schemas/LaborEntry"
            },
            "x-field-visibility": "always"
          },
          "has_more": {
            "type": "boolean",
            "x-field-visibility": "always"
          },
          "next_cursor": {
            "x-field-visibility": "always",
            "type": [
              "string",
              "null"
            ]
          }
        },
        "required": [
          "object",
          "data",
          "has_more",
          "next_cursor"
        ]
      },
      "LaborEntry": {
        "type": "object",
        "properties": {
          "id": {
            "type": "string",
            "description": "lab_ id",
            "example": "lab_4bW2yXk0fT9QmZr7LcVd1p",
            "x-field-visibility": "always"
          },
          "object": {
            "type": "string",
            "const": "labor_entry",
            "x-field-visibility": "always"
          },
          "job_id": {
            "type": "string",
            "description": "The job_ id",
            "x-field-visibility": "always"
          },
          "technician_id": {
            "description": "The tech_ id who does the work, or null",
            "x-field-visibility": "always",
            "type": [
              "string",
              "null"
            ]
          },
          "description": {
            "x-field-visibility": "always",
            "type": [
              "string",
              "null"
            ]
          },
          "hours": {
            "type": "string",
            "description": "Hours, 2 decimal places",
            "example": "1.50",
            "x-field-visibility": "always"
          },
          "pricing": {
            "anyOf": [
              {
                "$ref": "#/components/schemas/LaborPricing"
              },
              {
                "type": "null"
              }
            ],
            "x-field-visibility": {
              "requires_scopes": [
                "pricing.read"
              ],
              "when_missing": "null, listed in redacted_fields"
            }
          },
          "redacted_fields": {
            "type": "array",
            "items": {
              "type": "string"
            },
            "x-field-visibility": "always"
          },
          "created_at": {
            "type": "string",
            "format": "date-time",
            "description": "RFC 3339 instant in UTC with a \`Z\` suffix",
            "example": "2026-01-31T15:04:05.000Z",
            "x-field-visibility": "always"
          },
          "updated_at": {
            "type": "string",
            "format": "date-time",
            "description": "RFC 3339 instant in UTC with a \`Z\` suffix",
            "example": "2026-01-31T15:04:05.000Z",
            "x-field-visibility": "always"
          }
        },
        "required": [
          "id",
          "object",
          "job_id",
          "technician_id",
          "description",
          "hours",
          "pricing",
          "redacted_fields",
          "created_at",
          "updated_at"
        ]
      },
      "LaborPricing": {
        "type": "object",
        "properties": {
          "currency": {
            "type": "string",
            "description": "ISO 4217 code, the shop currency",
            "example": "USD",
            "x-field-visibility": "always"
          },
          "rate": {
            "type": "string",
            "description": "Rate per hour, 2 decimal places",
            "example": "120.00",
            "x-field-visibility": "always"
          },
          "amount": {
            "type": "string",
            "description": "hours × rate, rounded half-up to the cent",
            "example": "180.00",
            "x-field-visibility": "always"
          }
        },
        "required": [
          "currency",
          "rate",
          "amount"
        ]
      },
      "PartList": {
        "type": "object",
        "properties": {
          "object": {
            "type": "string",
            "const": "list",
            "x-field-visibility": "always"
          },
          "data": {
            "type": "array",
            "items": {
              "$ref": "#/components/schemas/PartEntry"
            },
            "x-field-visibility": "always"
          },
          "has_more": {
            "type": "boolean",
            "x-field-visibility": "always"
          },
          "next_cursor": {
            "x-field-visibility": "always",
            "type": [
              "string",
              "null"
            ]
          }
        },
        "required": [
          "object",
          "data",
          "has_more",
          "next_cursor"
        ]
      },
      "PartEntry": {
        "type": "object",
        "properties": {
          "id": {
            "type": "string",
            "description": "part_ id",
            "example": "part_4bW2yXk0fT9QmZr7LcVd1p",
            "x-field-visibility": "always"
          },
          "object": {
            "type": "string",
            "const": "part",
            "x-field-visibility": "always"
          },
          "job_id": {
            "type": "string",
            "description": "The job_ id",
            "x-field-visibility": "always"
          },
          "inventory_item_id": {
            "description": "The item_ id it was taken from, or null",
            "x-field-visibility": "always",
            "type": [
              "string",
              "null"
            ]
          },
          "part_number": {
            "x-field-visibility": "always",
            "type": [
              "string",
              "null"
            ]
          },
          "description": {
            "type": "string",
            "x-field-visibility": "always"
          },
          "quantity": {
            "type": "string",
            "description": "Quantity, up to 3 decimal places, trailing zeros trimmed",
            "example": "2",
            "x-field-visibility": "always"
          },
          "pricing": {
            "anyOf": [
              {
                "$ref": "#/components/schemas/PartPricing"
              },
              {
                "type": "null"
              }
            ],
            "x-field-visibility": {
              "requires_scopes": [
                "pricing.read"
              ],
              "when_missing": "null, listed in redacted_fields"
            }
          },
          "cost": {
            "anyOf": [
              {
                "$ref": "#/components/schemas/Cost"
              },
              {
                "type": "null"
              }
            ],
            "x-field-visibility": {
              "requires_scopes": [
                "inventory.cost.read"
              ],
              "when_missing": "null, listed in redacted_fields"
            }
          },
          "redacted_fields": {
            "type": "array",
            "items": {
              "type": "string"
            },
            "x-field-visibility": "always"
          },
          "created_at": {
            "type": "string",
            "format": "date-time",
            "description": "RFC 3339 instant in UTC with a \`Z\` suffix",
            "example": "2026-01-31T15:04:05.000Z",
            "x-field-visibility": "always"
          },
          "updated_at": {
            "type": "string",
            "format": "date-time",
            "description": "RFC 3339 instant in UTC with a \`Z\` suffix",
            "example": "2026-01-31T15:04:05.000Z",
            "x-field-visibility": "always"
          }
        },
        "required": [
          "id",
          "object",
          "job_id",
          "inventory_item_id",
          "part_number",
          "description",
          "quantity",
          "pricing",
          "cost",
          "redacted_fields",
          "created_at",
          "updated_at"
        ]
      },
      "PartPricing": {
        "type": "object",
        "properties": {
          "currency": {
            "type": "string",
            "description": "ISO 4217 code, the shop currency",
            "example": "USD",
            "x-field-visibility": "always"
          },
          "unit_price": {
            "type": "string",
            "description": "Sale price of one unit, 2 decimal places",
            "example": "45.00",
            "x-field-visibility": "always"
          },
          "amount": {
            "type": "string",
            "description": "quantity × unit price, rounded half-up to the cent",
            "example": "90.00",
            "x-field-visibility": "always"
          }
        },
        "required": [
          "currency",
          "unit_price",
          "amount"
        ]
      },
      "Cost": {
        "type": "object",
        "properties": {
          "currency": {
            "type": "string",
            "description": "ISO 4217 code",
            "example": "USD",
            "x-field-visibility": "always"
          },
          "unit_cost": {
            "anyOf": [
              {
                "$ref": "#/components/schemas/Money"
              },
              {
                "type": "null"
              }
            ],
            "description": "Last acquisition cost of one unit",
            "x-field-visibility": "always"
          },
          "average_cost": {
            "anyOf": [
              {
                "$ref": "#/components/schemas/Money"
              },
              {
                "type": "null"
              }
            ],
            "description": "Weighted average cost of the units on hand",
            "x-field-visibility": "always"
          }
        },
        "required": [
          "currency",
          "unit_cost",
          "average_cost"
        ]
      },
      "Money": {
        "type": "object",
        "properties": {
          "amount": {
            "type": "string",
            "description": "Decimal string with exactly 2 decimal places; at most 9999999999.99 in absolute value",
            "pattern": "^-?[0-9]+\\\\.[0-9]{2}$",
            "example": "180.00",
            "x-field-visibility": "always"
          },
          "currency": {
            "type": "string",
            "description": "ISO 4217 code, the shop currency",
            "example": "USD",
            "x-field-visibility": "always"
          }
        },
        "required": [
          "amount",
          "currency"
        ],
        "description": "An amount of money: a decimal string and its currency"
      },
      "InventoryItemList": {
        "type": "object",
        "properties": {
          "object": {
            "type": "string",
            "const": "list",
            "x-field-visibility": "always"
          },
          "data": {
            "type": "array",
            "items": {
              "$ref": "#/components/schemas/InventoryItem"
            },
            "x-field-visibility": "always"
          },
          "has_more": {
            "type": "boolean",
            "x-field-visibility": "always"
          },
          "next_cursor": {
            "x-field-visibility": "always",
            "type": [
              "string",
              "null"
            ]
          }
        },
        "required": [
          "object",
          "data",
          "has_more",
          "next_cursor"
        ]
      },
      "InventoryItem": {
        "type": "object",
        "properties": {
          "id": {
            "type": "string",
            "description": "item_ id",
            "example": "item_4bW2yXk0fT9QmZr7LcVd1p",
            "x-field-visibility": "always"
          },
          "object": {
            "type": "string",
            "const": "inventory_item",
            "x-field-visibility": "always"
          },
          "name": {
            "x-field-visibility": "always",
            "type": [
              "string",
              "null"
            ]
          },
          "brand": {
            "x-field-visibility": "always",
            "type": [
              "string",
              "null"
            ]
          },
          "category": {
            "x-field-visibility": "always",
            "type": [
              "string",
              "null"
            ]
          },
          "part_number": {
            "description": "The shop’s part number; the key of \`shopapi inventory import\`",
            "x-field-visibility": "always",
            "type": [
              "string",
              "null"
            ]
          },
          "location": {
            "description": "Where the item is kept (bin, shelf)",
            "x-field-visibility": "always",
            "type": [
              "string",
              "null"
            ]
          },
          "product_family": {
            "type": "string",
            "description": "part, tire, battery or fluid_supply; other strings may appear",
            "example": "tire",
            "x-field-visibility": "always"
          },
          "uom": {
            "type": "string",
            "description": "Unit of measure",
            "example": "each",
            "x-field-visibility": "always"
          },
          "quantity_on_hand": {
            "type": "string",
            "description": "Units on hand: a decimal string, up to 3 decimal places",
            "example": "4",
            "x-field-visibility": "always"
          },
          "quantity_available": {
            "type": "string",
            "description": "On hand minus reserved (negative when more is reserved than on hand): a decimal string, up to 3 decimal places",
            "example": "4",
            "x-field-visibility": "always"
          },
          "quantity_reserved": {
            "type": "string",
            "description": "Units reserved for repair orders: a decimal string, up to 3 decimal places",
            "example": "4",
            "x-field-visibility": "always"
          },
          "active": {
            "type": "boolean",
            "x-field-visibility": "always"
          },
          "pricing": {
            "x-field-visibility": "always",
            "$ref": "#/components/schemas/InventoryItemPricing"
          },
          "cost": {
            "anyOf": [
              {
                "$ref": "#/components/schemas/Cost"
              },
              {
                "type": "null"
              }
            ],
            "x-field-visibility": {
              "requires_scopes": [
                "inventory.cost.read"
              ],
              "when_missing": "null, listed in redacted_fields"
            }
          },
          "tire": {
            "anyOf": [
              {
                "$ref": "#/components/schemas/TireAttributes"
              },
              {
                "type": "null"
              }
            ],
            "description": "The tire size; null for items without one",
            "x-field-visibility": "always"
          },
          "redacted_fields": {
            "type": "array",
            "items": {
              "type": "string"
            },
            "description": "JSON pointers of the fields this key may not see (their value is null)",
            "x-field-visibility": "always"
          },
          "created_at": {
            "type": "string",
            "format": "date-time",
            "description": "RFC 3339 instant in UTC with a \`Z\` suffix",
            "example": "2026-01-31T15:04:05.000Z",
            "x-field-visibility": "always"
          },
          "updated_at": {
            "type": "string",
            "format": "date-time",
            "description": "RFC 3339 instant in UTC with a \`Z\` suffix",
            "example": "2026-01-31T15:04:05.000Z",
            "x-field-visibility": "always"
          }
        },
        "required": [
          "id",
          "object",
          "name",
          "brand",
          "category",
          "part_number",
          "location",
          "product_family",
          "uom",
          "quantity_on_hand",
          "quantity_available",
          "quantity_reserved",
          "active",
          "pricing",
          "cost",
          "tire",
          "redacted_fields",
          "created_at",
          "updated_at"
        ]
      },
      "InventoryItemPricing": {
        "type": "object",
        "properties": {
          "currency": {
            "type": "string",
            "description": "ISO 4217 code, the shop currency",
            "example": "USD",
            "x-field-visibility": "always"
          },
          "unit_price": {
            "description": "Sale price of one unit (2 decimal places); null when the shop set none",
            "example": "89.99",
            "x-field-visibility": "always",
            "type": [
              "string",
              "null"
            ]
          }
        },
        "required": [
          "currency",
          "unit_price"
        ],
        "description": "Sale pricing of an inventory item; not redacted (pricing.read covers repair orders, jobs and canned jobs)"
      },
      "TireAttributes": {
        "type": "object",
        "properties": {
          "size": {
            "type": "string",
            "description": "Canonical size without the service description, e.g. P215/65R15, 225/45ZR17, LT245/75R16",
            "x-field-visibility": "always"
          },
          "width": {
            "type": "integer",
            "minimum": -9007199254740991,
            "maximum": 9007199254740991,
            "description": "Section width in millimetres",
            "x-field-visibility": "always"
          },
          "aspect_ratio": {
            "type": "integer",
            "minimum": -9007199254740991,
            "maximum": 9007199254740991,
            "description": "Sidewall height as a percentage of the width",
            "x-field-visibility": "always"
          },
          "rim_diameter": {
            "type": "number",
            "description": "Rim diameter in inches (16.5 for half sizes)",
            "x-field-visibility": "always"
          },
          "construction": {
            "type": "string",
            "description": "R radial, ZR radial above 240 km/h, D diagonal, B belted bias",
            "x-field-visibility": "always"
          },
          "service_type": {
            "description": "P, LT, ST or T; null for European metric sizes",
            "x-field-visibility": "always",
            "type": [
              "string",
              "null"
            ]
          },
          "load_index": {
            "anyOf": [
              {
                "type": "integer",
                "minimum": -9007199254740991,
                "maximum": 9007199254740991
              },
              {
                "type": "null"
              }
            ],
            "x-field-visibility": "always"
          },
          "speed_rating": {
            "x-field-visibility": "always",
            "type": [
              "string",
              "null"
            ]
          }
        },
        "required": [
          "size",
          "width",
          "aspect_ratio",
          "rim_diameter",
          "construction",
          "service_type",
          "load_index",
          "speed_rating"
        ],
        "description": "The tire size of an item of the tire family"
      },
      "CannedJobList": {
        "type": "object",
        "properties": {
          "object": {
            "type": "string",
            "const": "list",
            "x-field-visibility": "always"
          },
          "data": {
            "type": "array",
            "items": {
              "$ref": "#/components/schemas/CannedJob"
            },
            "x-field-visibility": "always"
          },
          "has_more": {
            "type": "boolean",
            "x-field-visibility": "always"
          },
          "next_cursor": {
            "x-field-visibility": "always",
            "type": [
              "string",
              "null"
            ]
          }
        },
        "required": [
          "object",
          "data",
          "has_more",
          "next_cursor"
        ]
      },
      "CannedJob": {
        "type": "object",
        "properties": {
          "id": {
            "type": "string",
            "description": "cj_ id",
            "example": "cj_4bW2yXk0fT9QmZr7LcVd1p",
            "x-field-visibility": "always"
          },
          "object": {
            "type": "string",
            "const": "canned_job",
            "x-field-visibility": "always"
          },
          "code": {
            "type": "string",
            "description": "The shop’s own code for it: the key of \`shopapi canned-jobs import\`",
            "x-field-visibility": "always",
            "x-shopapi-addition": true
          },
          "name": {
            "type": "string",
            "x-field-visibility": "always"
          },
          "category": {
            "x-field-visibility": "always",
            "type": [
              "string",
              "null"
            ]
          },
          "description": {
            "x-field-visibility": "always",
            "type": [
              "string",
              "null"
            ]
          },
          "kind": {
            "type": "string",
            "description": "service, fee, discount or no_charge: the kind of job it adds",
            "x-field-visibility": "always",
            "x-shopapi-addition": true
          },
          "taxable": {
            "type": "boolean",
            "x-field-visibility": "always",
            "x-shopapi-addition": true
          },
          "default_hours": {
            "description": "Labor hours, a decimal string with 2 places, or null",
            "example": "1.50",
            "x-field-visibility": "always",
            "type": [
              "string",
              "null"
            ]
          },
          "pricing": {
            "anyOf": [
              {
                "$ref": "#/components/schemas/CannedJobPricing"
              },
              {
                "type": "null"
              }
            ],
            "x-field-visibility": {
              "requires_scopes": [
                "pricing.read"
              ],
              "when_missing": "null, listed in redacted_fields"
            }
          },
          "redacted_fields": {
            "type": "array",
            "items": {
              "type": "string"
            },
            "description": "JSON pointers of the fields this key may not see (their value is null)",
            "x-field-visibility": "always"
          },
          "active": {
            "type": "boolean",
            "x-field-visibility": "always"
          },
          "parts": {
            "type": "array",
            "items": {
              "$ref": "#/components/schemas/CannedPart"
            },
            "description": "Every part, in the shop’s order (at most 100): never cut. A page of the list holds at most 2,000 parts in all, so a page of heavy canned jobs holds fewer than \`limit\`",
            "x-field-visibility": "always"
          },
          "created_at": {
            "type": "string",
            "format": "date-time",
            "description": "RFC 3339 instant in UTC with a \`Z\` suffix",
            "example": "2026-01-31T15:04:05.000Z",
            "x-field-visibility": "always"
          },
          "updated_at": {
            "type": "string",
            "format": "date-time",
            "description": "RFC 3339 instant in UTC with a \`Z\` suffix",
            "example": "2026-01-31T15:04:05.000Z",
            "x-field-visibility": "always",
            "x-shopapi-addition": true
          }
        },
        "required": [
          "id",
          "object",
          "code",
          "name",
          "category",
          "description",
          "kind",
          "taxable",
          "default_hours",
          "pricing",
          "redacted_fields",
          "active",
          "parts",
          "created_at",
          "updated_at"
        ]
      },
      "CannedJobPricing": {
        "type": "object",
        "properties": {
          "currency": {
            "type": "string",
            "description": "ISO 4217 code, the shop currency",
            "example": "USD",
            "x-field-visibility": "always"
          },
          "labor_rate": {
            "anyOf": [
              {
                "type": "string",
                "description": "Hourly labor rate; 2 decimal places",
                "pattern": "^-?[0-9]+\\\\.[0-9]{2}$",
                "example": "120.00"
              },
              {
                "type": "null"
              }
            ],
            "description": "Hourly labor rate; null when none is set",
            "x-field-visibility": "always"
          },
          "labor": {
            "type": "string",
            "description": "default_hours × labor_rate, 0.00 when either is missing; 2 decimal places",
            "pattern": "^-?[0-9]+\\\\.[0-9]{2}$",
            "example": "120.00",
            "x-field-visibility": "always"
          },
          "parts": {
            "type": "string",
            "description": "The sum of the part lines (quantity × unit price, each rounded half-up to the cent); 2 decimal places",
            "pattern": "^-?[0-9]+\\\\.[0-9]{2}$",
            "example": "120.00",
            "x-field-visibility": "always"
          },
          "total": {
            "type": "string",
            "description": "labor + parts, before tax; 2 decimal places",
            "pattern": "^-?[0-9]+\\\\.[0-9]{2}$",
            "example": "120.00",
            "x-field-visibility": "always"
          }
        },
        "required": [
          "currency",
          "labor_rate",
          "labor",
          "parts",
          "total"
        ],
        "description": "Sale pricing of a canned job as it would be added to a repair order"
      },
      "CannedPart": {
        "type": "object",
        "properties": {
          "part_number": {
            "x-field-visibility": "always",
            "type": [
              "string",
              "null"
            ]
          },
          "description": {
            "x-field-visibility": "always",
            "type": [
              "string",
              "null"
            ]
          },
          "quantity": {
            "description": "Units, a decimal string up to 3 places; null: one, each",
            "x-field-visibility": "always",
            "type": [
              "string",
              "null"
            ]
          },
          "pricing": {
            "anyOf": [
              {
                "$ref": "#/components/schemas/CannedPartPricing"
              },
              {
                "type": "null"
              }
            ],
            "x-field-visibility": {
              "requires_scopes": [
                "pricing.read"
              ],
              "when_missing": "null, listed in redacted_fields"
            }
          },
          "cost": {
            "anyOf": [
              {
                "$ref": "#/components/schemas/Cost"
              },
              {
                "type": "null"
              }
            ],
            "x-field-visibility": {
              "requires_scopes": [
                "inventory.cost.read"
              ],
              "when_missing": "null, listed in redacted_fields"
            }
          },
          "redacted_fields": {
            "type": "array",
            "items": {
              "type": "string"
            },
            "description": "JSON pointers of the fields this key may not see (their value is null)",
            "x-field-visibility": "always"
          }
        },
        "required": [
          "part_number",
          "description",
          "quantity",
          "pricing",
          "cost",
          "redacted_fields"
        ]
      },
      "CannedPartPricing": {
        "type": "object",
        "properties": {
          "currency": {
            "type": "string",
            "description": "ISO 4217 code, the shop currency",
            "example": "USD",
            "x-field-visibility": "always"
          },
          "unit_price": {
            "anyOf": [
              {
                "type": "string",
                "description": "Sale price of one unit; 2 decimal places",
                "pattern": "^-?[0-9]+\\\\.[0-9]{2}$",
                "example": "120.00"
              },
              {
                "type": "null"
              }
            ],
            "description": "Sale price of one unit, or null",
            "x-field-visibility": "always"
          },
          "amount": {
            "anyOf": [
              {
                "type": "string",
                "description": "quantity × unit_price (a null quantity counts as 1); 2 decimal places",
                "pattern": "^-?[0-9]+\\\\.[0-9]{2}$",
                "example": "120.00"
              },
              {
                "type": "null"
              }
            ],
            "description": "quantity × unit_price, half-up to the cent (a null quantity counts as 1); null without a price",
            "x-field-visibility": "always"
          }
        },
        "required": [
          "currency",
          "unit_price",
          "amount"
        ]
      },
      "TechnicianList": {
        "type": "object",
        "properties": {
          "object": {
            "type": "string",
            "const": "list",
            "x-field-visibility": "always"
          },
          "data": {
            "type": "array",
            "items": {
              "$ref": "#/components/schemas/Technician"
            },
            "x-field-visibility": "always"
          },
          "has_more": {
            "type": "boolean",
            "x-field-visibility": "always"
          },
          "next_cursor": {
            "x-field-visibility": "always",
            "type": [
              "string",
              "null"
            ]
          }
        },
        "required": [
          "object",
          "data",
          "has_more",
          "next_cursor"
        ]
      },
      "Technician": {
        "type": "object",
        "properties": {
          "id": {
            "type": "string",
            "description": "tech_ id",
            "example": "tech_4bW2yXk0fT9QmZr7LcVd1p",
            "x-field-visibility": "always"
          },
          "object": {
            "type": "string",
            "const": "technician",
            "x-field-visibility": "always"
          },
          "name": {
            "type": "string",
            "description": "1-100 characters",
            "x-field-visibility": "always"
          },
          "email": {
            "x-field-visibility": "always",
            "type": [
              "string",
              "null"
            ]
          },
          "active": {
            "type": "boolean",
            "description": "False once the shop deactivated the technician",
            "x-field-visibility": "always"
          },
          "daily_capacity": {
            "anyOf": [
              {
                "type": "integer",
                "minimum": -9007199254740991,
                "maximum": 9007199254740991
              },
              {
                "type": "null"
              }
            ],
            "description": "Appointments a day this technician takes (0-1000); null: no limit of their own (the shop's daily capacity still applies)",
            "example": 8,
            "x-field-visibility": "always"
          },
          "version": {
            "type": "integer",
            "minimum": -9007199254740991,
            "maximum": 9007199254740991,
            "description": "Starts at 1; +1 on every change",
            "x-field-visibility": "always"
          },
          "created_at": {
            "type": "string",
            "format": "date-time",
            "description": "RFC 3339 instant in UTC with a \`Z\` suffix",
            "example": "2026-01-31T15:04:05.000Z",
            "x-field-visibility": "always"
          },
          "updated_at": {
            "type": "string",
            "format": "date-time",
            "description": "RFC 3339 instant in UTC with a \`Z\` suffix",
            "example": "2026-01-31T15:04:05.000Z",
            "x-field-visibility": "always"
          }
        },
        "required": [
          "id",
          "object",
          "name",
          "email",
          "active",
          "daily_capacity",
          "version",
          "created_at",
          "updated_at"
        ]
      },
      "TaskList": {
        "type": "object",
        "properties": {
          "object": {
            "type": "string",
            "const": "list",
            "x-field-visibility": "always"
          },
          "data": {
            "type": "array",
            "items": {
              "$ref": "#/components/schemas/Task"
            },
            "x-field-visibility": "always"
          },
          "has_more": {
            "type": "boolean",
            "x-field-visibility": "always"
          },
          "next_cursor": {
            "x-field-visibility": "always",
            "type": [
              "string",
              "null"
            ]
          }
        },
        "required": [
          "object",
          "data",
          "has_more",
          "next_cursor"
        ]
      },
      "Task": {
        "type": "object",
        "properties": {
          "id": {
            "type": "string",
            "description": "task_ id",
            "example": "task_4bW2yXk0fT9QmZr7LcVd1p",
            "x-field-visibility": "always"
          },
          "object": {
            "type": "string",
            "const": "task",
            "x-field-visibility": "always"
          },
          "title": {
            "type": "string",
            "x-field-visibility": "always"
          },
          "description": {
            "x-field-visibility": "always",
            "type": [
              "string",
              "null"
            ]
          },
          "status": {
            "type": "string",
            "description": "One of open, in_progress, blocked, waiting, done; other strings may appear",
            "x-field-visibility": "always"
          },
          "priority": {
            "type": "string",
            "description": "One of low, normal, high, urgent; other strings may appear",
            "x-field-visibility": "always"
          },
          "assignee_id": {
            "description": "The tech_ id of the assigned technician, or null",
            "x-field-visibility": "always",
            "type": [
              "string",
              "null"
            ]
          },
          "repair_order_id": {
            "description": "The ro_ id the task is about, or null",
            "x-field-visibility": "always",
            "type": [
              "string",
              "null"
            ]
          },
          "customer_id": {
            "description": "The cus_ id the task is about, or null",
            "x-field-visibility": "always",
            "type": [
              "string",
              "null"
            ]
          },
          "vehicle_id": {
            "description": "The veh_ id the task is about, or null",
            "x-field-visibility": "always",
            "type": [
              "string",
              "null"
            ]
          },
          "due_at": {
            "anyOf": [
              {
                "type": "string",
                "format": "date-time",
                "description": "RFC 3339 instant in UTC with a \`Z\` suffix",
                "example": "2026-01-31T15:04:05.000Z"
              },
              {
                "type": "null"
              }
            ],
            "x-field-visibility": "always"
          },
          "completed_at": {
            "anyOf": [
              {
                "type": "string",
                "format": "date-time",
                "description": "RFC 3339 instant in UTC with a \`Z\` suffix",
                "example": "2026-01-31T15:04:05.000Z"
              },
              {
                "type": "null"
              }
            ],
            "description": "When the task was completed; null unless \`done\`",
            "x-field-visibility": "always"
          },
          "external_id": {
            "description": "This integration's own id for the record; null when it set none",
            "x-field-visibility": "always",
            "type": [
              "string",
              "null"
            ]
          },
          "available_actions": {
            "type": "array",
            "items": {
              "type": "string"
            },
            "description": "Known: \`complete\` (for a task that is not done, to a key holding tasks.write); other strings may appear",
            "x-field-visibility": "always"
          },
          "version": {
            "type": "integer",
            "minimum": -9007199254740991,
            "maximum": 9007199254740991,
            "description": "Starts at 1; +1 on every change",
            "x-field-visibility": "always"
          },
          "created_at": {
            "type": "string",
            "format": "date-time",
            "description": "RFC 3339 instant in UTC with a \`Z\` suffix",
            "example": "2026-01-31T15:04:05.000Z",
            "x-field-visibility": "always"
          },
          "updated_at": {
            "type": "string",
            "format": "date-time",
            "description": "RFC 3339 instant in UTC with a \`Z\` suffix",
            "example": "2026-01-31T15:04:05.000Z",
            "x-field-visibility": "always"
          }
        },
        "required": [
          "id",
          "object",
          "title",
          "description",
          "status",
          "priority",
          "assignee_id",
          "repair_order_id",
          "customer_id",
          "vehicle_id",
          "due_at",
          "completed_at",
          "external_id",
          "available_actions",
          "version",
          "created_at",
          "updated_at"
        ]
      },
      "InvoiceList": {
        "type": "object",
        "properties": {
          "object": {
            "type": "string",
            "const": "list",
            "x-field-visibility": "always"
          },
          "data": {
            "type": "array",
            "items": {
              "$ref": "#/components/schemas/Invoice"
            },
            "x-field-visibility": "always"
          },
          "has_more": {
            "type": "boolean",
            "x-field-visibility": "always"
          },
          "next_cursor": {
            "x-field-visibility": "always",
            "type": [
              "string",
              "null"
            ]
          }
        },
        "required": [
          "object",
          "data",
          "has_more",
          "next_cursor"
        ]
      },
      "Invoice": {
        "type": "object",
        "properties": {
          "id": {
            "type": "string",
            "description": "inv_ id (invoices and credit notes)",
            "example": "inv_4bW2yXk0fT9QmZr7LcVd1p",
            "x-field-visibility": "always"
          },
          "object": {
            "type": "string",
            "const": "invoice",
            "x-field-visibility": "always"
          },
          "number": {
            "type": "integer",
            "minimum": -9007199254740991,
            "maximum": 9007199254740991,
            "description": "Per shop and document type, from 1, sequential without gaps (a voided document keeps its number)",
            "example": 1,
            "x-field-visibility": "always"
          },
          "doc_type": {
            "type": "string",
            "description": "\`invoice\` or \`credit_note\` (other strings may appear)",
            "example": "invoice",
            "x-field-visibility": "always"
          },
          "status": {
            "type": "string",
            "description": "\`posted\` or \`voided\` (other strings may appear)",
            "example": "posted",
            "x-field-visibility": "always"
          },
          "currency": {
            "type": "string",
            "description": "ISO 4217 code, the shop currency",
            "example": "USD",
            "x-field-visibility": "always"
          },
          "customer_id": {
            "type": "string",
            "description": "cus_ id of the repair order when posted",
            "x-field-visibility": "always"
          },
          "repair_order_id": {
            "type": "string",
            "description": "ro_ id",
            "x-field-visibility": "always"
          },
          "vehicle_id": {
            "description": "veh_ id of the repair order",
            "x-field-visibility": "always",
            "type": [
              "string",
              "null"
            ]
          },
          "credit_note_of": {
            "description": "On a credit note: the inv_ id of the invoice it credits",
            "x-field-visibility": "always",
            "type": [
              "string",
              "null"
            ]
          },
          "business_date": {
            "type": "string",
            "format": "date",
            "description": "The shop-local date of posting",
            "example": "2026-01-31",
            "x-field-visibility": "always"
          },
          "posted_at": {
            "type": "string",
            "format": "date-time",
            "description": "RFC 3339 instant in UTC with a \`Z\` suffix",
            "example": "2026-01-31T15:04:05.000Z",
            "x-field-visibility": "always"
          },
          "voided_at": {
            "anyOf": [
              {
                "type": "string",
                "format": "date-time",
                "description": "RFC 3339 instant in UTC with a \`Z\` suffix",
                "example": "2026-01-31T15:04:05.000Z"
              },
              {
                "type": "null"
              }
            ],
            "x-field-visibility": "always"
          },
          "void_reason": {
            "description": "The shop's reason for voiding, if it gave one",
            "x-field-visibility": "always",
            "type": [
              "string",
              "null"
            ],
            "x-shopapi-addition": true
          },
          "reason": {
            "description": "On a credit note: the shop's reason for it, if it gave one",
            "x-field-visibility": "always",
            "type": [
              "string",
              "null"
            ],
            "x-shopapi-addition": true
          },
          "totals": {
            "x-field-visibility": "always",
            "$ref": "#/components/schemas/InvoiceTotals"
          },
          "lines": {
            "anyOf": [
              {
                "type": "array",
                "items": {
                  "$ref": "#/components/schemas/InvoiceLine"
                }
              },
              {
                "type": "null"
              }
            ],
            "description": "Every line, in order (at most 500): never cut. A page of the list holds at most 5,000 lines in all, so a page of heavy invoices holds fewer than \`limit\`",
            "x-field-visibility": "always"
          },
          "taxes": {
            "anyOf": [
              {
                "type": "array",
                "items": {
                  "$ref": "#/components/schemas/InvoiceTax"
                }
              },
              {
                "type": "null"
              }
            ],
            "description": "The shop's taxes as posted, in order",
            "x-field-visibility": "always"
          },
          "discounts": {
            "anyOf": [
              {
                "type": "array",
                "items": {
                  "$ref": "#/components/schemas/InvoiceDiscount"
                }
              },
              {
                "type": "null"
              }
            ],
            "description": "Document-level discounts (invoices)",
            "x-field-visibility": "always",
            "x-shopapi-addition": true
          },
          "created_at": {
            "type": "string",
            "format": "date-time",
            "description": "RFC 3339 instant in UTC with a \`Z\` suffix",
            "example": "2026-01-31T15:04:05.000Z",
            "x-field-visibility": "always"
          }
        },
        "required": [
          "id",
          "object",
          "number",
          "doc_type",
          "status",
          "currency",
          "customer_id",
          "repair_order_id",
          "vehicle_id",
          "credit_note_of",
          "business_date",
          "posted_at",
          "voided_at",
          "void_reason",
          "reason",
          "totals",
          "lines",
          "taxes",
          "discounts",
          "created_at"
        ],
        "description": "An invoice or a credit note. Posted documents never change (the database refuses it); voiding sets status \`voided\` and voided_at. A credit note is a dated correction with its own number, never an edit."
      },
      "InvoiceTotals": {
        "type": "object",
        "properties": {
          "currency": {
            "type": "string",
            "description": "ISO 4217 code, the shop currency",
            "example": "USD",
            "x-field-visibility": "always"
          },
          "labor": {
            "type": "string",
            "description": "Labor: hours × rate, each line rounded to the cent; at most 9999999999.99 in absolute value",
            "pattern": "^-?[0-9]+\\\\.[0-9]{2}$",
            "example": "180.00",
            "x-field-visibility": "always"
          },
          "parts": {
            "type": "string",
            "description": "Parts: quantity × unit price, each line rounded to the cent; at most 9999999999.99 in absolute value",
            "pattern": "^-?[0-9]+\\\\.[0-9]{2}$",
            "example": "180.00",
            "x-field-visibility": "always"
          },
          "fees": {
            "type": "string",
            "description": "Fees (shop supplies, disposal), 0.00 when none; at most 9999999999.99 in absolute value",
            "pattern": "^-?[0-9]+\\\\.[0-9]{2}$",
            "example": "180.00",
            "x-field-visibility": "always"
          },
          "discounts": {
            "type": "string",
            "description": "Discounts, zero or negative; at most 9999999999.99 in absolute value",
            "pattern": "^-?[0-9]+\\\\.[0-9]{2}$",
            "example": "180.00",
            "x-field-visibility": "always"
          },
          "subtotal": {
            "type": "string",
            "description": "labor + parts + fees + discounts; at most 9999999999.99 in absolute value",
            "pattern": "^-?[0-9]+\\\\.[0-9]{2}$",
            "example": "180.00",
            "x-field-visibility": "always"
          },
          "tax": {
            "type": "string",
            "description": "Sales tax on taxable amounts, rounded half-up to the cent; at most 9999999999.99 in absolute value",
            "pattern": "^-?[0-9]+\\\\.[0-9]{2}$",
            "example": "180.00",
            "x-field-visibility": "always"
          },
          "total": {
            "type": "string",
            "description": "subtotal + tax; at most 9999999999.99 in absolute value",
            "pattern": "^-?[0-9]+\\\\.[0-9]{2}$",
            "example": "180.00",
            "x-field-visibility": "always"
          }
        },
        "required": [
          "currency",
          "labor",
          "parts",
          "fees",
          "discounts",
          "subtotal",
          "tax",
          "total"
        ],
        "description": "The document's totals, the sums of its lines: labor (service and labor lines), parts and fees of the gross amounts by line type, discounts (zero or negative) of the discount lines' gross_amount less every discount_alloc, subtotal of gross_amount − discount_alloc, tax of tax_alloc, total of line_total. An invoice's totals equal its repair order's pricing. On a credit note every amount is what is credited, positive."
      },
      "InvoiceLine": {
        "type": "object",
        "properties": {
          "number": {
            "type": "integer",
            "minimum": -9007199254740991,
            "maximum": 9007199254740991,
            "description": "Position on the document, from 1",
            "x-field-visibility": "always"
          },
          "type": {
            "type": "string",
            "description": "One of service, labor, part, fee, discount (other strings may appear): \`service\` a labor entry of a service job, \`labor\` a labor entry of another job (no-charge or fee), \`part\` a part entry, \`fee\` the amount of a fee job, \`discount\` a discount job. A discount line states the discount (gross_amount and discount_alloc both its negative amount, tax_alloc and line_total 0.00): the discount itself is allocated to the charged lines as their discount_alloc, so it counts once. A discount line is not credited on its own.",
            "example": "service",
            "x-field-visibility": "always"
          },
          "job_id": {
            "description": "The job_ id the line comes from",
            "x-field-visibility": "always",
            "type": [
              "string",
              "null"
            ]
          },
          "description": {
            "type": "string",
            "x-field-visibility": "always"
          },
          "quantity": {
            "description": "Hours of labor, quantity of a part, 1 for a fee or a discount; null on credit-note lines",
            "example": "1.5",
            "x-field-visibility": "always",
            "type": [
              "string",
              "null"
            ]
          },
          "unit_price": {
            "anyOf": [
              {
                "type": "string",
                "description": "Rate, unit price, fee amount, or the discount (negative); at most 9999999999.99 in absolute value",
                "pattern": "^-?[0-9]+\\\\.[0-9]{2}$",
                "example": "120.00"
              },
              {
                "type": "null"
              }
            ],
            "x-field-visibility": "always"
          },
          "gross_amount": {
            "type": "string",
            "description": "quantity × unit_price, rounded half-up to the cent, negative only on a discount line; on a credit note the net amount credited; at most 9999999999.99 in absolute value",
            "pattern": "^-?[0-9]+\\\\.[0-9]{2}$",
            "example": "120.00",
            "x-field-visibility": "always"
          },
          "discount_alloc": {
            "type": "string",
            "description": "On a charged line its share of the discounts: a no-charge job's own, and the order's discount jobs allocated in proportion to what each line charges. On a discount line the whole discount allocated away (equal to gross_amount); at most 9999999999.99 in absolute value",
            "pattern": "^-?[0-9]+\\\\.[0-9]{2}$",
            "example": "120.00",
            "x-field-visibility": "always"
          },
          "tax_alloc": {
            "type": "string",
            "description": "The line's share of its job's taxes, allocated in proportion to the gross amounts of the job's taxed lines; at most 9999999999.99 in absolute value",
            "pattern": "^-?[0-9]+\\\\.[0-9]{2}$",
            "example": "120.00",
            "x-field-visibility": "always"
          },
          "line_total": {
            "type": "string",
            "description": "gross_amount − discount_alloc + tax_alloc; the lines add up to totals.total to the cent; at most 9999999999.99 in absolute value",
            "pattern": "^-?[0-9]+\\\\.[0-9]{2}$",
            "example": "120.00",
            "x-field-visibility": "always"
          },
          "credited_line": {
            "anyOf": [
              {
                "type": "integer",
                "minimum": -9007199254740991,
                "maximum": 9007199254740991
              },
              {
                "type": "null"
              }
            ],
            "description": "On a credit note: the number of the line of the credited invoice; null on invoices",
            "x-field-visibility": "always"
          }
        },
        "required": [
          "number",
          "type",
          "job_id",
          "description",
          "quantity",
          "unit_price",
          "gross_amount",
          "discount_alloc",
          "tax_alloc",
          "line_total",
          "credited_line"
        ],
        "description": "One line of an invoice or credit note. Allocations use the largest-remainder (Hamilton) method on whole cents, ties to the earlier line."
      },
      "InvoiceTax": {
        "type": "object",
        "properties": {
          "name": {
            "type": "string",
            "description": "The shop's name for the tax when the document was posted",
            "example": "Sales tax",
            "x-field-visibility": "always"
          },
          "rate": {
            "type": "string",
            "description": "Percent, e.g. 8.875",
            "example": "8.875",
            "x-field-visibility": "always"
          },
          "applies_to": {
            "type": "array",
            "items": {
              "type": "string"
            },
            "description": "Categories taxed: labor, parts, fees",
            "example": [
              "labor",
              "parts",
              "fees"
            ],
            "x-field-visibility": "always"
          },
          "taxable_amount": {
            "anyOf": [
              {
                "type": "string",
                "description": "What the tax was computed on (taxable jobs of the categories); null on credit notes; at most 9999999999.99 in absolute value",
                "pattern": "^-?[0-9]+\\\\.[0-9]{2}$",
                "example": "120.00"
              },
              {
                "type": "null"
              }
            ],
            "x-field-visibility": "always"
          },
          "amount": {
            "type": "string",
            "description": "The tax: rounded half-up once per job, then summed; at most 9999999999.99 in absolute value",
            "pattern": "^-?[0-9]+\\\\.[0-9]{2}$",
            "example": "120.00",
            "x-field-visibility": "always"
          }
        },
        "required": [
          "name",
          "rate",
          "applies_to",
          "taxable_amount",
          "amount"
        ],
        "description": "One tax of the document; the amounts add up to totals.tax"
      },
      "InvoiceDiscount": {
        "type": "object",
        "properties": {
          "job_id": {
            "type": "string",
            "description": "The discount job_ id",
            "x-field-visibility": "always"
          },
          "description": {
            "type": "string",
            "x-field-visibility": "always"
          },
          "amount": {
            "type": "string",
            "description": "Positive; allocated to the lines as discount_alloc, and stated by a \`discount\` line; at most 9999999999.99 in absolute value",
            "pattern": "^-?[0-9]+\\\\.[0-9]{2}$",
            "example": "120.00",
            "x-field-visibility": "always"
          }
        },
        "required": [
          "job_id",
          "description",
          "amount"
        ],
        "description": "A discount job of the order: a document-level discount"
      },
      "PaymentList": {
        "type": "object",
        "properties": {
          "object": {
            "type": "string",
            "const": "list",
            "x-field-visibility": "always"
          },
          "data": {
            "type": "array",
            "items": {
              "$ref": "#/components/schemas/Payment"
            },
            "x-field-visibility": "always"
          },
          "has_more": {
            "type": "boolean",
            "x-field-visibility": "always"
          },
          "next_cursor": {
            "x-field-visibility": "always",
            "type": [
              "string",
              "null"
            ]
          }
        },
        "required": [
          "object",
          "data",
          "has_more",
          "next_cursor"
        ]
      },
      "Payment": {
        "type": "object",
        "properties": {
          "id": {
            "type": "string",
            "description": "pay_ id",
            "example": "pay_4bW2yXk0fT9QmZr7LcVd1p",
            "x-field-visibility": "always"
          },
          "object": {
            "type": "string",
            "const": "payment",
            "x-field-visibility": "always"
          },
          "kind": {
            "type": "string",
            "description": "\`payment\` (positive), \`refund\` (negative: money back after a credit note) or \`reversal\` (the negative of one payment, \`reversal_of\`); other strings may appear",
            "example": "payment",
            "x-field-visibility": "always"
          },
          "amount": {
            "type": "string",
            "description": "Signed decimal string, 2 places: what the customer paid (negative: paid back); at most 9999999999.99 in absolute value",
            "pattern": "^-?[0-9]+\\\\.[0-9]{2}$",
            "example": "120.50",
            "x-field-visibility": "always"
          },
          "currency": {
            "type": "string",
            "description": "ISO 4217 code, the shop currency",
            "example": "USD",
            "x-field-visibility": "always"
          },
          "method": {
            "type": "string",
            "description": "One of card, cash, check, other; other strings may appear",
            "example": "card",
            "x-field-visibility": "always"
          },
          "business_date": {
            "type": "string",
            "format": "date",
            "description": "The shop-local date the payment counts on (the day it was recorded unless the shop dated it)",
            "example": "2026-01-31",
            "x-field-visibility": "always"
          },
          "recorded_at": {
            "type": "string",
            "format": "date-time",
            "description": "When the shop recorded it",
            "example": "2026-01-31T15:04:05.000Z",
            "x-field-visibility": "always"
          },
          "settlement_target": {
            "type": "string",
            "description": "What the payment settles: \`invoice\` (other strings may appear)",
            "example": "invoice",
            "x-field-visibility": "always"
          },
          "invoice_id": {
            "type": "string",
            "description": "The inv_ id of the invoice it settles",
            "x-field-visibility": "always"
          },
          "repair_order_id": {
            "type": "string",
            "description": "ro_ id of that invoice",
            "x-field-visibility": "always"
          },
          "customer_id": {
            "type": "string",
            "description": "cus_ id of that invoice",
            "x-field-visibility": "always"
          },
          "reversal_of": {
            "description": "On a reversal: the pay_ id it reverses; null otherwise",
            "x-field-visibility": "always",
            "type": [
              "string",
              "null"
            ]
          },
          "reason": {
            "description": "The shop's note (why a reversal or refund was made)",
            "x-field-visibility": "always",
            "type": [
              "string",
              "null"
            ]
          },
          "created_at": {
            "type": "string",
            "format": "date-time",
            "description": "RFC 3339 instant in UTC with a \`Z\` suffix",
            "example": "2026-01-31T15:04:05.000Z",
            "x-field-visibility": "always"
          }
        },
        "required": [
          "id",
          "object",
          "kind",
          "amount",
          "currency",
          "method",
          "business_date",
          "recorded_at",
          "settlement_target",
          "invoice_id",
          "repair_order_id",
          "customer_id",
          "reversal_of",
          "reason",
          "created_at"
        ],
        "description": "One entry of the signed payments ledger. Posted payments never change (the database refuses it): a mistake is corrected by a reversal, once per payment, and a reversal is never reversed."
      },
      "EventList": {
        "type": "object",
        "properties": {
          "object": {
            "type": "string",
            "const": "list",
            "x-field-visibility": "always"
          },
          "data": {
            "type": "array",
            "items": {
              "$ref": "#/components/schemas/Event"
            },
            "x-field-visibility": "always"
          },
          "has_more": {
            "type": "boolean",
            "x-field-visibility": "always"
          },
          "next_cursor": {
            "x-field-visibility": "always",
            "type": [
              "string",
              "null"
            ]
          }
        },
        "required": [
          "object",
          "data",
          "has_more",
          "next_cursor"
        ]
      },
      "Event": {
        "type": "object",
        "properties": {
          "id": {
            "type": "string",
            "description": "A evt_ id",
            "pattern": "^evt_[0-9A-Za-z]{1,64}$",
            "maxLength": 68,
            "example": "evt_4bW2yXk0fT9QmZr7LcVd1p",
            "x-field-visibility": "always"
          },
          "object": {
            "type": "string",
            "const": "event",
            "x-field-visibility": "always"
          },
          "type": {
            "type": "string",
            "description": "One of the event types; new types may appear",
            "x-field-visibility": "always"
          },
          "api_version": {
            "type": "string",
            "const": "v1",
            "x-field-visibility": "always"
          },
          "test": {
            "type": "boolean",
            "description": "True for synthetic events from POST /webhook-endpoints/{id}/test",
            "x-field-visibility": "always"
          },
          "created_at": {
            "type": "string",
            "format": "date-time",
            "description": "RFC 3339 instant in UTC with a \`Z\` suffix",
            "example": "2026-01-31T15:04:05.000Z",
            "x-field-visibility": "always"
          },
          "data": {
            "x-field-visibility": "always",
            "$ref": "#/components/schemas/EventData"
          }
        },
        "required": [
          "id",
          "object",
          "type",
          "api_version",
          "test",
          "created_at",
          "data"
        ]
      },
      "EventData": {
        "type": "object",
        "properties": {
          "object_type": {
            "type": "string",
            "description": "customer, vehicle, …; other strings may appear",
            "x-field-visibility": "always"
          },
          "object_id": {
            "type": "string",
            "description": "The typed public id of the object",
            "x-field-visibility": "always"
          },
          "summary": {
            "type": "object",
            "propertyNames": {
              "type": "string"
            },
            "additionalProperties": {},
            "description": "A small, additive summary; never pricing or acquisition cost. Fetch the object for its current state.",
            "x-field-visibility": "always"
          }
        },
        "required": [
          "object_type",
          "object_id",
          "summary"
        ]
      },
      "WebhookEndpointList": {
        "type": "object",
        "properties": {
          "object": {
            "type": "string",
            "const": "list",
            "x-field-visibility": "always"
          },
          "data": {
            "type": "array",
            "items": {
              "$ref": "#/components/schemas/WebhookEndpoint"
            },
            "x-field-visibility": "always"
          },
          "has_more": {
            "type": "boolean",
            "const": false,
            "x-field-visibility": "always"
          },
          "next_cursor": {
            "type": "null",
            "x-field-visibility": "always"
          }
        },
        "required": [
          "object",
          "data",
          "has_more",
          "next_cursor"
        ],
        "description": "Every endpoint of the integration (at most 10): never paginated"
      },
      "WebhookEndpoint": {
        "type": "object",
        "properties": {
          "id": {
            "type": "string",
            "description": "A whe_ id",
            "pattern": "^whe_[0-9A-Za-z]{1,64}$",
            "maxLength": 68,
            "example": "whe_4bW2yXk0fT9QmZr7LcVd1p",
            "x-field-visibility": "always"
          },
          "object": {
            "type": "string",
            "const": "webhook_endpoint",
            "x-field-visibility": "always"
          },
          "url": {
            "type": "string",
            "x-field-visibility": "always"
          },
          "description": {
            "x-field-visibility": "always",
            "type": [
              "string",
              "null"
            ]
          },
          "event_types": {
            "type": "array",
            "items": {
              "type": "string"
            },
            "x-field-visibility": "always"
          },
          "status": {
            "type": "string",
            "description": "\`active\` or \`disabled\`; other values may appear",
            "x-field-visibility": "always"
          },
          "disabled_reason": {
            "description": "Why the endpoint is disabled; null while active",
            "x-field-visibility": "always",
            "type": [
              "string",
              "null"
            ]
          },
          "api_version": {
            "type": "string",
            "const": "v1",
            "x-field-visibility": "always"
          },
          "created_at": {
            "type": "string",
            "format": "date-time",
            "description": "RFC 3339 instant in UTC with a \`Z\` suffix",
            "example": "2026-01-31T15:04:05.000Z",
            "x-field-visibility": "always"
          },
          "updated_at": {
            "type": "string",
            "format": "date-time",
            "description": "RFC 3339 instant in UTC with a \`Z\` suffix",
            "example": "2026-01-31T15:04:05.000Z",
            "x-field-visibility": "always"
          }
        },
        "required": [
          "id",
          "object",
          "url",
          "description",
          "event_types",
          "status",
          "disabled_reason",
          "api_version",
          "created_at",
          "updated_at"
        ]
      },
      "WebhookEndpointWithSecret": {
        "type": "object",
        "properties": {
          "id": {
            "type": "string",
            "description": "A whe_ id",
            "pattern": "^whe_[0-9A-Za-z]{1,64}$",
            "maxLength": 68,
            "example": "whe_4bW2yXk0fT9QmZr7LcVd1p",
            "x-field-visibility": "always"
          },
          "object": {
            "type": "string",
            "const": "webhook_endpoint",
            "x-field-visibility": "always"
          },
          "url": {
            "type": "string",
            "x-field-visibility": "always"
          },
          "description": {
            "x-field-visibility": "always",
            "type": [
              "string",
              "null"
            ]
          },
          "event_types": {
            "type": "array",
            "items": {
              "type": "string"
            },
            "x-field-visibility": "always"
          },
          "status": {
            "type": "string",
            "description": "\`active\` or \`disabled\`; other values may appear",
            "x-field-visibility": "always"
          },
          "disabled_reason": {
            "description": "Why the endpoint is disabled; null while active",
            "x-field-visibility": "always",
            "type": [
              "string",
              "null"
            ]
          },
          "api_version": {
            "type": "string",
            "const": "v1",
            "x-field-visibility": "always"
          },
          "created_at": {
            "type": "string",
            "format": "date-time",
            "description": "RFC 3339 instant in UTC with a \`Z\` suffix",
            "example": "2026-01-31T15:04:05.000Z",
            "x-field-visibility": "always"
          },
          "updated_at": {
            "type": "string",
            "format": "date-time",
            "description": "RFC 3339 instant in UTC with a \`Z\` suffix",
            "example": "2026-01-31T15:04:05.000Z",
            "x-field-visibility": "always"
          },
          "secret": {
            "type": "string",
            "pattern": "^whsec_[A-Za-z0-9_-]+$",
            "description": "The signing secret, shown only in this response (create and rotate). Sign-check deliveries with it, whsec_ prefix included.",
            "x-field-visibility": "always"
          }
        },
        "required": [
          "id",
          "object",
          "url",
          "description",
          "event_types",
          "status",
          "disabled_reason",
          "api_version",
          "created_at",
          "updated_at",
          "secret"
        ]
      },
      "DeletedWebhookEndpoint": {
        "type": "object",
        "properties": {
          "id": {
            "type": "string",
            "description": "A whe_ id",
            "pattern": "^whe_[0-9A-Za-z]{1,64}$",
            "maxLength": 68,
            "example": "whe_4bW2yXk0fT9QmZr7LcVd1p",
            "x-field-visibility": "always"
          },
          "object": {
            "type": "string",
            "const": "webhook_endpoint",
            "x-field-visibility": "always"
          },
          "deleted": {
            "type": "boolean",
            "const": true,
            "x-field-visibility": "always"
          }
        },
        "required": [
          "id",
          "object",
          "deleted"
        ]
      },
      "QueuedEvent": {
        "type": "object",
        "properties": {
          "id": {
            "type": "string",
            "description": "A evt_ id",
            "pattern": "^evt_[0-9A-Za-z]{1,64}$",
            "maxLength": 68,
            "example": "evt_4bW2yXk0fT9QmZr7LcVd1p",
            "x-field-visibility": "always"
          },
          "object": {
            "type": "string",
            "const": "event",
            "x-field-visibility": "always"
          },
          "status": {
            "type": "string",
            "const": "queued",
            "x-field-visibility": "always"
          },
          "test": {
            "type": "boolean",
            "const": true,
            "x-field-visibility": "always"
          }
        },
        "required": [
          "id",
          "object",
          "status",
          "test"
        ],
        "description": "A synthetic test event, queued for delivery to one endpoint"
      },
      "ApiKeyIntrospection": {
        "type": "object",
        "properties": {
          "object": {
            "type": "string",
            "const": "api_key_introspection",
            "x-field-visibility": "always"
          },
          "key": {
            "x-field-visibility": "always",
            "$ref": "#/components/schemas/IntrospectedKey"
          },
          "integration": {
            "x-field-visibility": "always",
            "$ref": "#/components/schemas/IntrospectedIntegration"
          },
          "shop": {
            "x-field-visibility": "always",
            "$ref": "#/components/schemas/IntrospectedShop"
          },
          "scopes": {
            "type": "array",
            "items": {
              "type": "string",
              "description": "A scope of the catalogue (\`x-scopes\`)",
              "example": "customers.read"
            },
            "description": "The scopes granted to the key's integration",
            "x-field-visibility": "always"
          },
          "operations": {
            "type": "array",
            "items": {
              "$ref": "#/components/schemas/IntrospectedOperation"
            },
            "description": "Every operation of the API, in the order of the OpenAPI document, as this key sees it",
            "x-field-visibility": "always"
          },
          "redactions": {
            "type": "array",
            "items": {
              "$ref": "#/components/schemas/Redaction"
            },
            "description": "Every field this key sees redacted for lack of a scope: the answer to \\"why is this field null?\\"",
            "x-field-visibility": "always"
          }
        },
        "required": [
          "object",
          "key",
          "integration",
          "shop",
          "scopes",
          "operations",
          "redactions"
        ],
        "description": "What the calling key is and what it may do and see"
      },
      "IntrospectedKey": {
        "type": "object",
        "properties": {
          "id": {
            "type": "string",
            "description": "key_ id, as \`shopapi keys list\` shows it",
            "example": "key_4bW2yXk0fT9QmZr7LcVd1p",
            "x-field-visibility": "always"
          },
          "prefix": {
            "type": "string",
            "description": "The first characters of the key, enough to recognise it; never the secret part",
            "example": "shopapi_AbCdEfGhIjKl",
            "x-field-visibility": "always"
          },
          "created_at": {
            "type": "string",
            "format": "date-time",
            "description": "RFC 3339 instant in UTC with a \`Z\` suffix",
            "example": "2026-01-31T15:04:05.000Z",
            "x-field-visibility": "always"
          },
          "last_used_at": {
            "anyOf": [
              {
                "type": "string",
                "format": "date-time",
                "description": "RFC 3339 instant in UTC with a \`Z\` suffix",
                "example": "2026-01-31T15:04:05.000Z"
              },
              {
                "type": "null"
              }
            ],
            "description": "When the key was last used, recorded to the minute; this request counts, so it is at most a minute old",
            "x-field-visibility": "always"
          }
        },
        "required": [
          "id",
          "prefix",
          "created_at",
          "last_used_at"
        ],
        "description": "The key that made this request (no secret, no hash)"
      },
      "IntrospectedIntegration": {
        "type": "object",
        "properties": {
          "id": {
            "type": "string",
            "description": "int_ id",
            "example": "int_4bW2yXk0fT9QmZr7LcVd1p",
            "x-field-visibility": "always"
          },
          "name": {
            "type": "string",
            "x-field-visibility": "always"
          }
        },
        "required": [
          "id",
          "name"
        ],
        "description": "The integration the key belongs to"
      },
      "IntrospectedShop": {
        "type": "object",
        "properties": {
          "id": {
            "type": "string",
            "description": "shop_ id",
            "example": "shop_4bW2yXk0fT9QmZr7LcVd1p",
            "x-field-visibility": "always"
          },
          "name": {
            "type": "string",
            "x-field-visibility": "always"
          },
          "timezone": {
            "type": "string",
            "description": "IANA time zone of the shop",
            "example": "America/Chicago",
            "x-field-visibility": "always"
          }
        },
        "required": [
          "id",
          "name",
          "timezone"
        ],
        "description": "The shop the key reaches (GET /shop has the whole profile)"
      },
      "IntrospectedOperation": {
        "type": "object",
        "properties": {
          "operation_id": {
            "type": "string",
            "description": "The operationId in the OpenAPI document",
            "example": "listCustomers",
            "x-field-visibility": "always"
          },
          "method": {
            "type": "string",
            "example": "GET",
            "x-field-visibility": "always"
          },
          "path": {
            "type": "string",
            "description": "Path template as called, /v1 included",
            "example": "/v1/customers/{public_id}",
            "x-field-visibility": "always"
          },
          "allowed": {
            "type": "boolean",
            "description": "Whether this key holds every scope the operation requires",
            "x-field-visibility": "always"
          },
          "required_scopes": {
            "type": "array",
            "items": {
              "type": "string",
              "description": "A scope of the catalogue (\`x-scopes\`)",
              "example": "customers.read"
            },
            "description": "Its \`x-required-scopes\`; empty when any key may call it",
            "x-field-visibility": "always"
          },
          "missing_scopes": {
            "type": "array",
            "items": {
              "type": "string",
              "description": "A scope of the catalogue (\`x-scopes\`)",
              "example": "customers.read"
            },
            "description": "Required scopes this key lacks; empty when allowed",
            "x-field-visibility": "always"
          },
          "redacted_fields": {
            "type": "array",
            "items": {
              "type": "string"
            },
            "description": "JSON pointers this key will find null and listed in the response's \`redacted_fields\` (spec \\"Redaction\\")",
            "example": [
              "/data/*/cost"
            ],
            "x-field-visibility": "always"
          }
        },
        "required": [
          "operation_id",
          "method",
          "path",
          "allowed",
          "required_scopes",
          "missing_scopes",
          "redacted_fields"
        ]
      },
      "Redaction": {
        "type": "object",
        "properties": {
          "object": {
            "type": "string",
            "description": "The \`object\` of the resource holding the field",
            "example": "inventory_item",
            "x-field-visibility": "always"
          },
          "pointer": {
            "type": "string",
            "description": "JSON pointer of the field inside that resource (\`*\`: every array item)",
            "example": "/cost",
            "x-field-visibility": "always"
          },
          "needs_scope": {
            "type": "string",
            "description": "A scope of the catalogue (\`x-scopes\`)",
            "example": "customers.read",
            "x-field-visibility": "always"
          }
        },
        "required": [
          "object",
          "pointer",
          "needs_scope"
        ],
        "description": "A field this key sees as null wherever the resource appears, and the scope that would reveal it"
      },
      "OpenApiDocument": {
        "type": "object",
        "propertyNames": {
          "type": "string"
        },
        "additionalProperties": {},
        "description": "This OpenAPI 3.1 document"
      },
      "ErrorCode": {
        "type": "string",
        "enum": [
          "invalid_request",
          "invalid_json",
          "invalid_id",
          "invalid_cursor",
          "no_changes",
          "idempotency_key_required",
          "invalid_api_key",
          "insufficient_scope",
          "not_found",
          "conflict",
          "version_conflict",
          "idempotency_key_in_use",
          "webhook_endpoint_limit",
          "payload_too_large",
          "idempotency_key_reused",
          "rate_limited",
          "internal_error",
          "service_unavailable"
        ],
        "description": "Machine-readable error code. New codes may be added: treat unknown codes by their HTTP status."
      }
    },
    "headers": {
      "X-Request-Id": {
        "description": "Id of this request (req_...)",
        "schema": {
          "type": "string",
          "pattern": "^req_"
        }
      },
      "Cache-Control": {
        "description": "Always no-store",
        "schema": {
          "type": "string",
          "const": "no-store"
        }
      },
      "RateLimit-Limit": {
        "description": "Requests allowed in the key's window",
        "schema": {
          "type": "integer"
        }
      },
      "RateLimit-Remaining": {
        "description": "Requests left in the current window",
        "schema": {
          "type": "integer"
        }
      },
      "RateLimit-Reset": {
        "description": "Seconds until the window resets",
        "schema": {
          "type": "integer"
        }
      },
      "Retry-After": {
        "description": "Seconds to wait before retrying",
        "schema": {
          "type": "integer"
        }
      },
      "Idempotent-Replayed": {
        "description": "\`true\` when this response is the stored result of an earlier request with the same Idempotency-Key",
        "schema": {
          "type": "string",
          "const": "true"
        }
      }
    },
    "responses": {
      "Error400": {
        "description": "Invalid request: bad parameter or body field (param names it), malformed JSON, wrong-type id, bad cursor",
        "headers": {
          "X-Request-Id": {
            "$ref": "#/components/headers/X-Request-Id"
          }
        },
        "content": {
          "application/json": {
            "schema": {
              "$ref": "#/components/schemas/Error"
            }
          }
        }
      },
      "Error401": {
        "description": "Missing, malformed, unknown, revoked or disabled API key",
        "headers": {
          "X-Request-Id": {
            "$ref": "#/components/headers/X-Request-Id"
          }
        },
        "content": {
          "application/json": {
            "schema": {
              "$ref": "#/components/schemas/Error"
            }
          }
        }
      },
      "Error403": {
        "description": "The key lacks a scope this operation needs (the message names them)",
        "headers": {
          "X-Request-Id": {
            "$ref": "#/components/headers/X-Request-Id"
          }
        },
        "content": {
          "application/json": {
            "schema": {
              "$ref": "#/components/schemas/Error"
            }
          }
        }
      },
      "Error404": {
        "description": "No such resource for this shop, or no such route",
        "headers": {
          "X-Request-Id": {
            "$ref": "#/components/headers/X-Request-Id"
          }
        },
        "content": {
          "application/json": {
            "schema": {
              "$ref": "#/components/schemas/Error"
            }
          }
        }
      },
      "Error409": {
        "description": "Conflict: version mismatch, external id in use, or a workflow refusal with blockers",
        "headers": {
          "X-Request-Id": {
            "$ref": "#/components/headers/X-Request-Id"
          }
        },
        "content": {
          "application/json": {
            "schema": {
              "$ref": "#/components/schemas/Error"
            }
          }
        }
      },
      "Error422": {
        "description": "Idempotency-Key reused with a different body",
        "headers": {
          "X-Request-Id": {
            "$ref": "#/components/headers/X-Request-Id"
          }
        },
        "content": {
          "application/json": {
            "schema": {
              "$ref": "#/components/schemas/Error"
            }
          }
        }
      },
      "Error429": {
        "description": "Rate limited (\`rate_limited\`): the key's budget per window is spent, the key already has its maximum of requests in flight at once (8 by default; wait for one to finish), or the edge throttle refused the address. Retry-After says when to retry (seconds)",
        "headers": {
          "X-Request-Id": {
            "$ref": "#/components/headers/X-Request-Id"
          },
          "Retry-After": {
            "$ref": "#/components/headers/Retry-After"
          }
        },
        "content": {
          "application/json": {
            "schema": {
              "$ref": "#/components/schemas/Error"
            }
          }
        }
      },
      "Error500": {
        "description": "Unexpected failure; retry later and quote the request id",
        "headers": {
          "X-Request-Id": {
            "$ref": "#/components/headers/X-Request-Id"
          }
        },
        "content": {
          "application/json": {
            "schema": {
              "$ref": "#/components/schemas/Error"
            }
          }
        }
      },
      "Error502": {
        "description": "Bad gateway (edge)",
        "headers": {
          "X-Request-Id": {
            "$ref": "#/components/headers/X-Request-Id"
          }
        },
        "content": {
          "application/json": {
            "schema": {
              "$ref": "#/components/schemas/Error"
            }
          }
        }
      },
      "Error503": {
        "description": "Temporarily unavailable (\`service_unavailable\`): the database is unreachable, the server is shutting down, or the request ran past the statement timeout (5 s of database work per statement by default) and was stopped with nothing changed. Retry-After says when to retry (seconds); a request that keeps timing out needs narrowing (a smaller limit, more filters)",
        "headers": {
          "X-Request-Id": {
            "$ref": "#/components/headers/X-Request-Id"
          },
          "Retry-After": {
            "$ref": "#/components/headers/Retry-After"
          }
        },
        "content": {
          "application/json": {
            "schema": {
              "$ref": "#/components/schemas/Error"
            }
          }
        }
      },
      "Error504": {
        "description": "Gateway timeout (edge)",
        "headers": {
          "X-Request-Id": {
            "$ref": "#/components/headers/X-Request-Id"
          }
        },
        "content": {
          "application/json": {
            "schema": {
              "$ref": "#/components/schemas/Error"
            }
          }
        }
      },
      "Error413": {
        "description": "Request body larger than 1 MB",
        "headers": {
          "X-Request-Id": {
            "$ref": "#/components/headers/X-Request-Id"
          }
        },
        "content": {
          "application/json": {
            "schema": {
              "$ref": "#/components/schemas/Error"
            }
          }
        }
      }
    },
    "securitySchemes": {
      "bearerAuth": {
        "type": "http",
        "scheme": "bearer",
        "description": "API keys are issued by the shop (\`shopapi integrations create\`) and shown once. Scopes:\\n- \`shop.read\`: Read the shop profile: name, time zone, currency, capabilities.\\n- \`customers.read\`: Read customers.\\n- \`customers.write\`: Create, update and archive customers (with customers.read).\\n- \`vehicles.read\`: Read vehicles.\\n- \`vehicles.write\`: Create, update and archive vehicles (with vehicles.read).\\n- \`appointments.read\`: Read appointments and availability.\\n- \`appointments.write\`: Book, change, cancel and check in appointments (with appointments.read).\\n- \`repair_orders.read\`: Read repair orders and their jobs, parts and labor.\\n- \`repair_orders.write\`: Create and update repair orders and add jobs (with repair_orders.read).\\n- \`jobs.actions\`: Start, complete or mark jobs unable to complete (with repair_orders.read).\\n- \`technicians.read\`: Read technicians.\\n- \`canned_jobs.read\`: Read canned jobs.\\n- \`inventory.read\`: Read inventory items.\\n- \`invoices.read\`: Read invoices and credit notes.\\n- \`payments.read\`: Read payments.\\n- \`tasks.read\`: Read tasks.\\n- \`tasks.write\`: Create, update and complete tasks (with tasks.read).\\n- \`external_refs.write\`: Set and remove the integration's external ids (with the resource's read scope).\\n- \`webhooks.manage\`: Manage the integration's webhook endpoints.\\n- \`pricing.read\`: Unredact sale pricing on repair orders, jobs, parts, labor and canned jobs.\\n- \`inventory.cost.read\`: Unredact acquisition cost on inventory and canned-job parts."
      }
    }
  },
  "x-scopes": {
    "shop.read": "Read the shop profile: name, time zone, currency, capabilities.",
    "customers.read": "Read customers.",
    "customers.write": "Create, update and archive customers (with customers.read).",
    "vehicles.read": "Read vehicles.",
    "vehicles.write": "Create, update and archive vehicles (with vehicles.read).",
    "appointments.read": "Read appointments and availability.",
    "appointments.write": "Book, change, cancel and check in appointments (with appointments.read).",
    "repair_orders.read": "Read repair orders and their jobs, parts and labor.",
    "repair_orders.write": "Create and update repair orders and add jobs (with repair_orders.read).",
    "jobs.actions": "Start, complete or mark jobs unable to complete (with repair_orders.read).",
    "technicians.read": "Read technicians.",
    "canned_jobs.read": "Read canned jobs.",
    "inventory.read": "Read inventory items.",
    "invoices.read": "Read invoices and credit notes.",
    "payments.read": "Read payments.",
    "tasks.read": "Read tasks.",
    "tasks.write": "Create, update and complete tasks (with tasks.read).",
    "external_refs.write": "Set and remove the integration's external ids (with the resource's read scope).",
    "webhooks.manage": "Manage the integration's webhook endpoints.",
    "pricing.read": "Unredact sale pricing on repair orders, jobs, parts, labor and canned jobs.",
    "inventory.cost.read": "Unredact acquisition cost on inventory and canned-job parts."
  }
}
`
