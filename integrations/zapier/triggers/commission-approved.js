'use strict';

const { graphql } = require('../api');
const { hookTrigger, listLimit } = require('../hooks');
const samples = require('../samples');
const outputFields = require('../output-fields');

// The REST API has no commission list for partner tokens; the commissions of the latest sales come from GraphQL.
const RECENT_COMMISSIONS = `query RecentCommissions($last: Int!) {
  sales(last: $last) {
    nodes {
      commission { id saleId affiliateId rate currency status amount base holdUntil approvedAt payoutBatchId paidAt paidManually reversedAt createdAt }
    }
  }
}`;

/** The commissions of the latest sales that were approved (approvedAt set; they may be paid or reversed since), latest approval first. */
const performList = async (z, bundle) => {
  const data = await graphql(z, RECENT_COMMISSIONS, { last: listLimit(bundle) });
  const commissions = data.sales.nodes.map((node) => node.commission).filter((c) => c && c.approvedAt);
  return commissions.sort((a, b) => String(b.approvedAt).localeCompare(String(a.approvedAt)));
};

module.exports = hookTrigger({
  key: 'commission_approved',
  noun: 'Commission',
  label: 'Commission Approved',
  description: "Triggers when an affiliate's commission becomes payable: when the sale is recorded, or when the program's holding period ends.",
  event: 'commission.approved',
  performList,
  sample: samples.commission,
  outputFields: outputFields.commission,
});
