# The session of docs/cli.md, run command by command by CliSessionTest.
# tag::cli-session[]
mkdir shop && cd shop
iceberg-ops init --namespace shop       # iceberg-ops.yaml, migrations/, contracts/ (never overwrites)
iceberg-ops revision -m "create orders" # migrations/V0001__CreateOrders.java: fill in upgrade/downgrade
iceberg-ops plan                        # what migrate would apply; writes nothing
iceberg-ops migrate                     # Applied 0001 Create orders (412 ms)
iceberg-ops status                      # every version: applied / pending / failed / rolled back / ...
iceberg-ops history                     # the rows of _iceberg_ops.migration_history
iceberg-ops current                     # the highest applied version
iceberg-ops revision --autogenerate --table orders --contract contracts/orders.yaml \
    -m "orders to contract"             # V0002__OrdersToContract.java: the diff to the contract
iceberg-ops migrate                     # Applied 0002 Orders to contract (160 ms)
iceberg-ops check                       # each contracts/<table>.yaml against the live table
iceberg-ops validate                    # out-of-order, missing, edited, failed, interrupted versions
iceberg-ops rollback                    # the newest version's downgrade(); --steps N, --target V
iceberg-ops stamp 0002                  # record as applied without running (adopting tables)
iceberg-ops repair                      # accept edited checksums, mark failed/interrupted pending
iceberg-ops repair --staged=drop        # and drop (or publish) the staged branches they left
iceberg-ops unlock                      # release the run lease of a run that is gone
# end::cli-session[]
