-- Inventory reservations follow the part line's life (docs/decisions.md "Technicians, canned jobs,
-- inventory"). Each part line taken from an inventory item says what it holds of the item:
--   none      nothing (its job is declined, deferred or cancelled, or its order is cancelled);
--   reserved  its quantity is in the item's quantity_reserved (its job is pending or authorized and its
--             order is not invoiced yet);
--   consumed  its quantity was taken off the item's quantity_on_hand when its invoice was posted
--             (voiding the invoice puts exactly that back).
-- Knowing what each line holds makes every move an exact difference, applied once: a release never
-- releases twice, and a void never restores stock that was never taken.
alter table job_parts add column stock text not null default 'none'
  check (stock in ('none', 'reserved', 'consumed'));
alter table job_parts add constraint job_parts_stock_of_an_item check (stock = 'none' or inventory_item_id is not null);

-- Lines of orders that are open and of jobs that count hold their reservation. Lines of orders posted
-- before this migration hold nothing: earlier versions never took their parts off hand (the shop's own
-- counts say what is on hand), so voiding one of those invoices must not put anything back.
update job_parts p set stock = 'reserved'
from jobs j join repair_orders ro on ro.shop_id = j.shop_id and ro.id = j.repair_order_id
where p.inventory_item_id is not null and j.shop_id = p.shop_id and j.id = p.job_id
  and j.decision_state in ('pending', 'authorized')
  and ro.state not in ('invoiced', 'paid', 'picked_up', 'closed', 'cancelled');

-- Every item's reservation recomputed from its lines: what earlier versions reserved and never released
-- (declined jobs, cancelled orders, invoiced work) is released now.
update inventory_items i set quantity_reserved = coalesce(held.quantity, 0), version = i.version + 1,
  updated_at = date_trunc('milliseconds', now())
from inventory_items x
  left join (select shop_id, inventory_item_id, sum(quantity) as quantity from job_parts
             where stock = 'reserved' group by shop_id, inventory_item_id) held
    on held.shop_id = x.shop_id and held.inventory_item_id = x.id
where i.shop_id = x.shop_id and i.id = x.id and i.quantity_reserved <> coalesce(held.quantity, 0);
