'use strict';

const { apiUrl, graphql } = require('./api');

// REST hooks (README "Connecting an automation partner"): turning a Zap on subscribes Zapier's URL to one
// event with the connection's token, turning it off deletes that subscription. Revoking the connection deletes
// its subscriptions on the server too. Each delivery is `{"id", "type", "createdAt", "programId", "data"}`,
// `data` being the resource as the REST API returns it.

/** POST /api/v1/webhooks {url, events: [event]}: answers the endpoint (kept by Zapier as bundle.subscribeData). */
const subscribe = (event) => async (z, bundle) => {
  const response = await z.request({
    method: 'POST',
    url: apiUrl('/webhooks'),
    body: { url: bundle.targetUrl, events: [event], description: `Zapier: ${event}` },
  });
  return response.data;
};

/** DELETE /api/v1/webhooks {id}. */
const unsubscribe = async (z, bundle) => {
  const response = await z.request({ method: 'DELETE', url: apiUrl('/webhooks'), body: { id: bundle.subscribeData.id } });
  return response.data;
};

/** A delivery: its resource, when it is the event subscribed to. */
const receive = (event) => (z, bundle) => {
  const delivery = bundle.cleanedRequest || {};
  if (delivery.type !== event || !delivery.data) return [];
  return [delivery.data];
};

/** The trigger definition of one event. */
const hookTrigger = ({ key, noun, label, description, event, performList, sample, outputFields }) => ({
  key,
  noun,
  display: { label, description },
  operation: {
    type: 'hook',
    performSubscribe: subscribe(event),
    performUnsubscribe: unsubscribe,
    perform: receive(event),
    performList,
    sample,
    outputFields,
  },
});

/** The number of records performList asks for: what Zapier asks (bundle.meta.limit), else a page of 25. */
const listLimit = (bundle, fallback = 25) => {
  const limit = bundle.meta && Number(bundle.meta.limit);
  return Number.isInteger(limit) && limit > 0 ? Math.min(limit, 500) : fallback;
};

/** Newest first, as Zapier lists them (the REST lists are in creation order). */
const newestFirst = (records) => [...records].sort((a, b) => String(b.createdAt).localeCompare(String(a.createdAt)));

/**
 * The newest records of a list, newest first, as the REST API returns them (what `perform` hands on): their ids
 * from the GraphQL connection read backward (`last`, optionally filtered), then each read by id from `path`.
 * The REST lists run oldest first, so a page of them would show the oldest records at Zap set-up.
 */
const newestRecords = async (z, bundle, { field, path, filter }) => {
  const n = Math.min(listLimit(bundle, 10), 25);
  const args = filter ? `last: ${n}, filter: ${filter}` : `last: ${n}`;
  const data = await graphql(z, `{ list: ${field}(${args}) { nodes { id } } }`);
  const ids = data.list.nodes.map((node) => String(node.id)).reverse();
  const records = [];
  for (const id of ids) {
    const response = await z.request({ url: apiUrl(path), params: { id } });
    if (response.data) records.push(response.data);
  }
  return records;
};

module.exports = { hookTrigger, subscribe, unsubscribe, receive, listLimit, newestFirst, newestRecords };
