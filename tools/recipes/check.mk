# Yocto layer and Buildroot external tree (tools/recipes/): their files, and
# exactly the commands their recipes run, against the guest kernel tree.
SUITES += recipes
.PHONY: check-recipes
check-recipes:
	@tools/recipes/check.sh
