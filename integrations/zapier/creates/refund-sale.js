'use strict';

const { apiUrl, toNumber } = require('../api');
const samples = require('../samples');
const outputFields = require('../output-fields');

/** PATCH /api/v1/sales {saleId}: `{alreadyRefunded, sale}`. */
const perform = async (z, bundle) => {
  const saleId = toNumber(z, bundle.inputData.saleId, 'Sale ID');
  if (!Number.isInteger(saleId) || saleId < 1)
    throw new z.errors.Error(`Sale ID must be a positive whole number, got "${bundle.inputData.saleId}"`, 'INVALID_INPUT', 400);
  const response = await z.request({ method: 'PATCH', url: apiUrl('/sales'), body: { saleId } });
  return response.data;
};

module.exports = {
  key: 'refund_sale',
  noun: 'Sale',
  display: {
    label: 'Refund Sale',
    description: "Marks a sale refunded and reverses its affiliate's commission.",
  },
  operation: {
    inputFields: [
      {
        key: 'saleId',
        label: 'Sale ID',
        type: 'integer',
        required: true,
        helpText:
          'The sale to refund (its numeric ID). Refused when the refund window has passed or the commission is in a payout batch or paid; a sale refunded before is answered with Already Refunded = true.',
      },
    ],
    perform,
    sample: { alreadyRefunded: false, sale: samples.refundedSale },
    outputFields: [
      { key: 'alreadyRefunded', label: 'Already Refunded', type: 'boolean' },
      ...outputFields.sale.map((f) => ({ ...f, key: `sale__${f.key}`, label: `Sale ${f.label}` })),
    ],
  },
};
