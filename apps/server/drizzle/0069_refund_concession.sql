-- A staff refund gives money back for good (issue 24): the order then owes that much less, rather
-- than asking the table to pay it again. Other refunds (a cancel's, a comp's, a duplicate's, an
-- overpayment's) return money nothing owes and leave what is owed as it was.
ALTER TABLE "pay_refunds" ADD COLUMN "concession" boolean DEFAULT false NOT NULL;
