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
      "Error": {
        "type": "object",
        "properties": {
          "error": {
            "type": "object",
            "properties": {
              "code": {
                "type": "string",
                "description": "One of ErrorCode; other strings may appear"
              },
              "message": {
                "type": "string",
                "description": "Human-readable explanation; not for parsing"
              },
              "param": {
                "description": "The request field, query parameter or header at fault, or null",
                "type": [
                  "string",
                  "null"
                ]
              },
              "request_id": {
                "description": "The X-Request-Id of the request (req_...); null when generated at the edge",
                "type": [
                  "string",
                  "null"
                ]
              },
              "blockers": {
                "type": "array",
                "items": {
                  "$ref": "#/components/schemas/Blocker"
                }
              }
            },
            "required": [
              "code",
              "message",
              "param",
              "request_id",
              "blockers"
            ]
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
            "type": "string"
          },
          "reason": {
            "type": "string"
          },
          "message": {
            "type": "string"
          },
          "resolution": {
            "default": [],
            "type": "array",
            "items": {
              "type": "string"
            }
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
