-- Part numbers are one key whatever their case: the `part_number` filter compares them
-- case-insensitively and `shopapi inventory import` matches rows on them, so both need this index,
-- and "abc-1" and "ABC-1" cannot become two items of one shop.
create unique index inventory_items_part_number_idx on inventory_items (shop_id, lower(part_number));
