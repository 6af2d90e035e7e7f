# Only what the petalogix-ml605 machine needs (configure
# --with-devices-microblazeel); tools/qemu/beds/ml605.py makes it select
# AXIPERF.
CONFIG_PETALOGIX_ML605=y
