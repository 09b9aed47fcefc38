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
    "description": "Versioned REST API over an auto-repair shop's data. Every operation needs \`Authorization: Bearer <API_KEY>\` with the scopes in its \`x-required-scopes\`; write never implies read. Errors share one envelope (\`Error\`)."
  },
  "servers": [
    {
      "url": "/v1",
      "description": "This appliance"
    }
  ],
  "tags": [
    {
      "name": "Shop"
    },
    {
      "name": "Customers"
    },
    {
      "name": "Vehicles"
    },
    {
      "name": "Repair orders"
    },
    {
      "name": "Jobs"
    },
    {
      "name": "Inventory items"
    },
    {
      "name": "Canned jobs"
    },
    {
      "name": "Technicians"
    },
    {
      "name": "Events"
    },
    {
      "name": "Webhook endpoints"
    },
    {
      "name": "Meta"
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
        "description": "Newest first by \`sort\` (default \`created_at\`). Filters combine with AND. Archived and merged customers appear only with \`lifecycle=archived\` or \`all\`.",
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
              "default": "active",
              "description": "Which records: not archived (default), archived (including merged), or all",
              "type": "string",
              "enum": [
                "active",
                "archived",
                "all"
              ]
            },
            "description": "Which records: not archived (default), archived (including merged), or all"
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
              "description": "Makes a retry safe: the same key with the same body replays the first result for 7 days (with \`Idempotent-Replayed: true\`); the key with a different body is 422 \`idempotency_key_reused\` for 30 days. Scoped to the integration. 1-255 visible ASCII characters; a UUID is ideal.",
              "example": "5f0c8e2a-3b1d-4c8e-9a57-2f6f1f3c9b10"
            },
            "required": true,
            "description": "Makes a retry safe: the same key with the same body replays the first result for 7 days (with \`Idempotent-Replayed: true\`); the key with a different body is 422 \`idempotency_key_reused\` for 30 days. Scoped to the integration. 1-255 visible ASCII characters; a UUID is ideal."
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
              "description": "Makes a retry safe: the same key with the same body replays the first result for 7 days (with \`Idempotent-Replayed: true\`); the key with a different body is 422 \`idempotency_key_reused\` for 30 days. Scoped to the integration. 1-255 visible ASCII characters; a UUID is ideal.",
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
              "description": "Makes a retry safe: the same key with the same body replays the first result for 7 days (with \`Idempotent-Replayed: true\`); the key with a different body is 422 \`idempotency_key_reused\` for 30 days. Scoped to the integration. 1-255 visible ASCII characters; a UUID is ideal.",
              "example": "5f0c8e2a-3b1d-4c8e-9a57-2f6f1f3c9b10"
            },
            "required": true,
            "description": "Makes a retry safe: the same key with the same body replays the first result for 7 days (with \`Idempotent-Replayed: true\`); the key with a different body is 422 \`idempotency_key_reused\` for 30 days. Scoped to the integration. 1-255 visible ASCII characters; a UUID is ideal."
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
        "description": "Replaces any previous external id this integration set on the record. Private to the integration; an id already on another record of the type is 409 external_id_in_use.",
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
              "description": "Makes a retry safe: the same key with the same body replays the first result for 7 days (with \`Idempotent-Replayed: true\`); the key with a different body is 422 \`idempotency_key_reused\` for 30 days. Scoped to the integration. 1-255 visible ASCII characters; a UUID is ideal.",
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
              "description": "Makes a retry safe: the same key with the same body replays the first result for 7 days (with \`Idempotent-Replayed: true\`); the key with a different body is 422 \`idempotency_key_reused\` for 30 days. Scoped to the integration. 1-255 visible ASCII characters; a UUID is ideal.",
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
        "description": "Newest first by \`sort\` (default \`created_at\`). Filters combine with AND. Archived and merged vehicles appear only with \`lifecycle=archived\` or \`all\`.",
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
              "default": "active",
              "description": "Which records: not archived (default), archived (including merged), or all",
              "type": "string",
              "enum": [
                "active",
                "archived",
                "all"
              ]
            },
            "description": "Which records: not archived (default), archived (including merged), or all"
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
              "description": "Makes a retry safe: the same key with the same body replays the first result for 7 days (with \`Idempotent-Replayed: true\`); the key with a different body is 422 \`idempotency_key_reused\` for 30 days. Scoped to the integration. 1-255 visible ASCII characters; a UUID is ideal.",
              "example": "5f0c8e2a-3b1d-4c8e-9a57-2f6f1f3c9b10"
            },
            "required": true,
            "description": "Makes a retry safe: the same key with the same body replays the first result for 7 days (with \`Idempotent-Replayed: true\`); the key with a different body is 422 \`idempotency_key_reused\` for 30 days. Scoped to the integration. 1-255 visible ASCII characters; a UUID is ideal."
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
        }
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
              "description": "Makes a retry safe: the same key with the same body replays the first result for 7 days (with \`Idempotent-Replayed: true\`); the key with a different body is 422 \`idempotency_key_reused\` for 30 days. Scoped to the integration. 1-255 visible ASCII characters; a UUID is ideal.",
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
        }
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
              "description": "Makes a retry safe: the same key with the same body replays the first result for 7 days (with \`Idempotent-Replayed: true\`); the key with a different body is 422 \`idempotency_key_reused\` for 30 days. Scoped to the integration. 1-255 visible ASCII characters; a UUID is ideal.",
              "example": "5f0c8e2a-3b1d-4c8e-9a57-2f6f1f3c9b10"
            },
            "required": true,
            "description": "Makes a retry safe: the same key with the same body replays the first result for 7 days (with \`Idempotent-Replayed: true\`); the key with a different body is 422 \`idempotency_key_reused\` for 30 days. Scoped to the integration. 1-255 visible ASCII characters; a UUID is ideal."
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
        "description": "Replaces any previous external id this integration set on the record. Private to the integration; an id already on another record of the type is 409 external_id_in_use.",
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
              "description": "Makes a retry safe: the same key with the same body replays the first result for 7 days (with \`Idempotent-Replayed: true\`); the key with a different body is 422 \`idempotency_key_reused\` for 30 days. Scoped to the integration. 1-255 visible ASCII characters; a UUID is ideal.",
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
              "description": "Makes a retry safe: the same key with the same body replays the first result for 7 days (with \`Idempotent-Replayed: true\`); the key with a different body is 422 \`idempotency_key_reused\` for 30 days. Scoped to the integration. 1-255 visible ASCII characters; a UUID is ideal.",
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
              "description": "Makes a retry safe: the same key with the same body replays the first result for 7 days (with \`Idempotent-Replayed: true\`); the key with a different body is 422 \`idempotency_key_reused\` for 30 days. Scoped to the integration. 1-255 visible ASCII characters; a UUID is ideal.",
              "example": "5f0c8e2a-3b1d-4c8e-9a57-2f6f1f3c9b10"
            },
            "required": true,
            "description": "Makes a retry safe: the same key with the same body replays the first result for 7 days (with \`Idempotent-Replayed: true\`); the key with a different body is 422 \`idempotency_key_reused\` for 30 days. Scoped to the integration. 1-255 visible ASCII characters; a UUID is ideal."
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
        }
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
              "description": "Makes a retry safe: the same key with the same body replays the first result for 7 days (with \`Idempotent-Replayed: true\`); the key with a different body is 422 \`idempotency_key_reused\` for 30 days. Scoped to the integration. 1-255 visible ASCII characters; a UUID is ideal.",
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
        "description": "Replaces any previous external id this integration set on the record. Private to the integration; an id already on another record of the type is 409 external_id_in_use.",
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
              "description": "Makes a retry safe: the same key with the same body replays the first result for 7 days (with \`Idempotent-Replayed: true\`); the key with a different body is 422 \`idempotency_key_reused\` for 30 days. Scoped to the integration. 1-255 visible ASCII characters; a UUID is ideal.",
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
              "description": "Makes a retry safe: the same key with the same body replays the first result for 7 days (with \`Idempotent-Replayed: true\`); the key with a different body is 422 \`idempotency_key_reused\` for 30 days. Scoped to the integration. 1-255 visible ASCII characters; a UUID is ideal.",
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
        "description": "Optionally from a canned job (\`canned_job_id\`), whose labor and parts are copied. Records \`job.created\` and reprices the order. An invoiced, paid, picked-up, closed or cancelled order is 409 \`conflict\`.",
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
              "description": "Makes a retry safe: the same key with the same body replays the first result for 7 days (with \`Idempotent-Replayed: true\`); the key with a different body is 422 \`idempotency_key_reused\` for 30 days. Scoped to the integration. 1-255 visible ASCII characters; a UUID is ideal.",
              "example": "5f0c8e2a-3b1d-4c8e-9a57-2f6f1f3c9b10"
            },
            "required": true,
            "description": "Makes a retry safe: the same key with the same body replays the first result for 7 days (with \`Idempotent-Replayed: true\`); the key with a different body is 422 \`idempotency_key_reused\` for 30 days. Scoped to the integration. 1-255 visible ASCII characters; a UUID is ideal."
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
              "description": "Makes a retry safe: the same key with the same body replays the first result for 7 days (with \`Idempotent-Replayed: true\`); the key with a different body is 422 \`idempotency_key_reused\` for 30 days. Scoped to the integration. 1-255 visible ASCII characters; a UUID is ideal.",
              "example": "5f0c8e2a-3b1d-4c8e-9a57-2f6f1f3c9b10"
            },
            "required": true,
            "description": "Makes a retry safe: the same key with the same body replays the first result for 7 days (with \`Idempotent-Replayed: true\`); the key with a different body is 422 \`idempotency_key_reused\` for 30 days. Scoped to the integration. 1-255 visible ASCII characters; a UUID is ideal."
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
              "description": "Makes a retry safe: the same key with the same body replays the first result for 7 days (with \`Idempotent-Replayed: true\`); the key with a different body is 422 \`idempotency_key_reused\` for 30 days. Scoped to the integration. 1-255 visible ASCII characters; a UUID is ideal.",
              "example": "5f0c8e2a-3b1d-4c8e-9a57-2f6f1f3c9b10"
            },
            "required": true,
            "description": "Makes a retry safe: the same key with the same body replays the first result for 7 days (with \`Idempotent-Replayed: true\`); the key with a different body is 422 \`idempotency_key_reused\` for 30 days. Scoped to the integration. 1-255 visible ASCII characters; a UUID is ideal."
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
              "description": "Makes a retry safe: the same key with the same body replays the first result for 7 days (with \`Idempotent-Replayed: true\`); the key with a different body is 422 \`idempotency_key_reused\` for 30 days. Scoped to the integration. 1-255 visible ASCII characters; a UUID is ideal.",
              "example": "5f0c8e2a-3b1d-4c8e-9a57-2f6f1f3c9b10"
            },
            "required": true,
            "description": "Makes a retry safe: the same key with the same body replays the first result for 7 days (with \`Idempotent-Replayed: true\`); the key with a different body is 422 \`idempotency_key_reused\` for 30 days. Scoped to the integration. 1-255 visible ASCII characters; a UUID is ideal."
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
              "description": "A tire size (up to 20 characters), e.g. 225/45R17, 225/45ZR17 94W, P215/65R15 or LT245/75R16; matches width, aspect ratio and rim diameter, whatever the construction, service type or service description",
              "type": "string",
              "maxLength": 20,
              "example": "225/45R17"
            },
            "description": "A tire size (up to 20 characters), e.g. 225/45R17, 225/45ZR17 94W, P215/65R15 or LT245/75R16; matches width, aspect ratio and rim diameter, whatever the construction, service type or service description"
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
        "description": "Newest first. Filters combine with AND. Parts are embedded (at most 100 a job). \`pricing\` (of the job and of each part) needs \`pricing.read\` and each part’s \`cost\` needs \`inventory.cost.read\`; without them they are null and listed in \`redacted_fields\`.",
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
        }
      }
    },
    "/events": {
      "get": {
        "operationId": "listEvents",
        "summary": "List events",
        "description": "The retained log of the last 30 days, newest first. Only event types the key's scopes can read are shown (customers.read for customer.*, vehicles.read for vehicle.*, …; \`webhook_endpoint.disabled\` needs webhooks.manage and shows only the integration's own endpoints). Test events are not listed. A cursor stays valid while the log it points into is retained; when it expires, crawl again from the first page and de-duplicate on event id.",
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
              "description": "Makes a retry safe: the same key with the same body replays the first result for 7 days (with \`Idempotent-Replayed: true\`); the key with a different body is 422 \`idempotency_key_reused\` for 30 days. Scoped to the integration. 1-255 visible ASCII characters; a UUID is ideal.",
              "example": "5f0c8e2a-3b1d-4c8e-9a57-2f6f1f3c9b10"
            },
            "required": true,
            "description": "Makes a retry safe: the same key with the same body replays the first result for 7 days (with \`Idempotent-Replayed: true\`); the key with a different body is 422 \`idempotency_key_reused\` for 30 days. Scoped to the integration. 1-255 visible ASCII characters; a UUID is ideal."
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
        "description": "Presence-aware: omitted fields are unchanged; \`description\` may be null. \`status: active\` re-enables a disabled endpoint (clearing \`disabled_reason\`) and its held deliveries resume; \`status: disabled\` stops deliveries. A body that changes nothing is 400 \`no_changes\`.",
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
              "description": "Makes a retry safe: the same key with the same body replays the first result for 7 days (with \`Idempotent-Replayed: true\`); the key with a different body is 422 \`idempotency_key_reused\` for 30 days. Scoped to the integration. 1-255 visible ASCII characters; a UUID is ideal.",
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
        }
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
              "description": "Makes a retry safe: the same key with the same body replays the first result for 7 days (with \`Idempotent-Replayed: true\`); the key with a different body is 422 \`idempotency_key_reused\` for 30 days. Scoped to the integration. 1-255 visible ASCII characters; a UUID is ideal.",
              "example": "5f0c8e2a-3b1d-4c8e-9a57-2f6f1f3c9b10"
            },
            "required": true,
            "description": "Makes a retry safe: the same key with the same body replays the first result for 7 days (with \`Idempotent-Replayed: true\`); the key with a different body is 422 \`idempotency_key_reused\` for 30 days. Scoped to the integration. 1-255 visible ASCII characters; a UUID is ideal."
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
              "description": "Makes a retry safe: the same key with the same body replays the first result for 7 days (with \`Idempotent-Replayed: true\`); the key with a different body is 422 \`idempotency_key_reused\` for 30 days. Scoped to the integration. 1-255 visible ASCII characters; a UUID is ideal.",
              "example": "5f0c8e2a-3b1d-4c8e-9a57-2f6f1f3c9b10"
            },
            "required": true,
            "description": "Makes a retry safe: the same key with the same body replays the first result for 7 days (with \`Idempotent-Replayed: true\`); the key with a different body is 422 \`idempotency_key_reused\` for 30 days. Scoped to the integration. 1-255 visible ASCII characters; a UUID is ideal."
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
    "/openapi.json": {
      "get": {
        "operationId": "getOpenApiDocument",
        "summary": "Get this OpenAPI document",
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
            "description": "Up to 255 characters; filters match it case-insensitively"
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
            "description": "ISO 3166-1 alpha-2 code: address.country"
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
            "description": "Consent flags to set; omitted flags keep their value (false on create)"
          },
          "tags": {
            "anyOf": [
              {
                "description": "Up to 50 tags of 1-50 characters; duplicates are dropped",
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
            "default": false,
            "type": "boolean"
          },
          "tax_exempt": {
            "default": false,
            "type": "boolean"
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
            "description": "Up to 255 characters; filters match it case-insensitively"
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
            "description": "ISO 3166-1 alpha-2 code: address.country"
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
            "description": "Consent flags to set; omitted flags keep their value (false on create)"
          },
          "tags": {
            "description": "Up to 50 tags of 1-50 characters; duplicates are dropped",
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
                "maximum": 9007199254740991,
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
                "maximum": 9007199254740991,
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
                "description": "RFC 3339 date-time: seconds required, optional fraction, then \`Z\` or a \`±HH:MM\` offset. Naive date-times, a space for \`T\` and \`+HHMM\` offsets are rejected.",
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
                "description": "RFC 3339 date-time: seconds required, optional fraction, then \`Z\` or a \`±HH:MM\` offset. Naive date-times, a space for \`T\` and \`+HHMM\` offsets are rejected.",
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
            "description": "The fee, or the discount (given positive, shown negative in pricing): a decimal string with at most 2 places, more than 0",
            "example": "25.00"
          }
        },
        "additionalProperties": false,
        "description": "A job on a repair order, optionally from a canned job (its labor and parts are copied). New jobs are pending and not started."
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
                "type": "string",
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
            "x-field-visibility": "always"
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
            "description": "Labor: hours × rate, each line rounded to the cent",
            "pattern": "^-?[0-9]+\\\\.[0-9]{2}$",
            "example": "180.00",
            "x-field-visibility": "always"
          },
          "parts": {
            "type": "string",
            "description": "Parts: quantity × unit price, each line rounded to the cent",
            "pattern": "^-?[0-9]+\\\\.[0-9]{2}$",
            "example": "180.00",
            "x-field-visibility": "always"
          },
          "fees": {
            "type": "string",
            "description": "Fees (shop supplies, disposal), 0.00 when none",
            "pattern": "^-?[0-9]+\\\\.[0-9]{2}$",
            "example": "180.00",
            "x-field-visibility": "always"
          },
          "discounts": {
            "type": "string",
            "description": "Discounts, zero or negative",
            "pattern": "^-?[0-9]+\\\\.[0-9]{2}$",
            "example": "180.00",
            "x-field-visibility": "always"
          },
          "subtotal": {
            "type": "string",
            "description": "labor + parts + fees + discounts",
            "pattern": "^-?[0-9]+\\\\.[0-9]{2}$",
            "example": "180.00",
            "x-field-visibility": "always"
          },
          "tax": {
            "type": "string",
            "description": "Sales tax on taxable amounts, rounded half-up to the cent",
            "pattern": "^-?[0-9]+\\\\.[0-9]{2}$",
            "example": "180.00",
            "x-field-visibility": "always"
          },
          "total": {
            "type": "string",
            "description": "subtotal + tax",
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
            "description": "Labor: hours × rate, each line rounded to the cent",
            "pattern": "^-?[0-9]+\\\\.[0-9]{2}$",
            "example": "180.00",
            "x-field-visibility": "always"
          },
          "parts": {
            "type": "string",
            "description": "Parts: quantity × unit price, each line rounded to the cent",
            "pattern": "^-?[0-9]+\\\\.[0-9]{2}$",
            "example": "180.00",
            "x-field-visibility": "always"
          },
          "fees": {
            "type": "string",
            "description": "Fees (shop supplies, disposal), 0.00 when none",
            "pattern": "^-?[0-9]+\\\\.[0-9]{2}$",
            "example": "180.00",
            "x-field-visibility": "always"
          },
          "discounts": {
            "type": "string",
            "description": "Discounts, zero or negative",
            "pattern": "^-?[0-9]+\\\\.[0-9]{2}$",
            "example": "180.00",
            "x-field-visibility": "always"
          },
          "subtotal": {
            "type": "string",
            "description": "labor + parts + fees + discounts",
            "pattern": "^-?[0-9]+\\\\.[0-9]{2}$",
            "example": "180.00",
            "x-field-visibility": "always"
          },
          "tax": {
            "type": "string",
            "description": "Sales tax on taxable amounts, rounded half-up to the cent",
            "pattern": "^-?[0-9]+\\\\.[0-9]{2}$",
            "example": "180.00",
            "x-field-visibility": "always"
          },
          "total": {
            "type": "string",
            "description": "subtotal + tax",
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
            "description": "Decimal string with exactly 2 decimal places",
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
            "x-field-visibility": "always"
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
            "x-field-visibility": "always"
          },
          "taxable": {
            "type": "boolean",
            "x-field-visibility": "always"
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
            "description": "Every part, in the shop’s order (at most 100)",
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
          "version",
          "created_at",
          "updated_at"
        ]
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
          "external_id_in_use",
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
        "description": "Rate limit exceeded; Retry-After says when to retry (seconds)",
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
        "description": "Temporarily unavailable (database unreachable or shutting down)",
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
