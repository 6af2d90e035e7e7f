# Only what the petalogix-ml605 machine needs (configure
# --with-devices-microblazeel); tools/qemu/apply-ml605.sh makes it select
# AXIPERF.
CONFIG_PETALOGIX_ML605=y
