# SPDX-License-Identifier: GPL-2.0 OR MIT
#
# package_ip.tcl: packages hdl/vivado/axiperf_axi.v as a catalog IP
# (axiperf.org:user:axiperf_axi:1.0) with its build parameters, so a block
# design can take it from the IP catalog instead of "Add Module".
#
#   vivado -mode batch -source hdl/vivado/package_ip.tcl -tclargs OUT_DIR
#
# NOT RUN HERE: the project's machines have no Vivado. The wrapper's
# interface attributes are checked by make check (suite rtl-vivado); this
# script relies on IP Packager inferring the same interfaces from them.

set here [file dirname [file normalize [info script]]]
set top [file normalize "$here/../.."]
set out [expr {[llength $argv] > 0 ? [lindex $argv 0] : "$top/build/ip/axiperf_axi"}]

create_project -in_memory axiperf_pkg
add_files -norecurse [list \
	"$top/hdl/vivado/axiperf_axi.v" \
	"$top/hdl/axiperf.v" \
	"$top/hdl/generated/axiperf_regs.vh"]
set_property file_type {Verilog Header} [get_files axiperf_regs.vh]
set_property include_dirs [list "$top/hdl"] [current_fileset]
set_property top axiperf_axi [current_fileset]
update_compile_order -fileset sources_1

ipx::package_project -root_dir $out -vendor axiperf.org -library user \
	-taxonomy /Debug_&_Verification -import_files -set_current true
set core [ipx::current_core]
set_property name axiperf_axi $core
set_property version 1.1 $core
set_property display_name "axiperf AXI4 performance monitor" $core
set_property description "Counts every clock of an AXI4 link in one read and one write category; perf PMU driver axiperf.ko" $core

# the interfaces come from the ports' X_INTERFACE_* attributes; make sure
ipx::infer_bus_interfaces xilinx.com:interface:aximm_rtl:1.0 $core
ipx::associate_bus_interfaces -busif S_AXI -clock aclk $core
ipx::associate_bus_interfaces -busif MON_AXI -clock aclk $core

# mon_aresetn left unconnected in a block design: driven 1 (the link never
# in reset), not 0, which would make every clock count as idle
set_property driver_value 1 [ipx::get_ports mon_aresetn -of_objects $core]

# build parameters, with the ranges hdl/axiperf.v accepts
proc axiperf_param {core name values} {
	set p [ipx::get_user_parameters $name -of_objects $core]
	set_property value_validation_type list $p
	set_property value_validation_list $values $p
}
axiperf_param $core DATA_WIDTH {32 64 128 256 512 1024}
axiperf_param $core ID_WIDTH {0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16}
axiperf_param $core COUNTER_WIDTH {32 64}
axiperf_param $core HAS_IRQ {0 1}
axiperf_param $core HAS_SNAPSHOT {0 1}
axiperf_param $core ID_SLOTS {1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16}
axiperf_param $core HAS_LATENCY {0 1}
set aw [ipx::get_user_parameters ADDR_WIDTH -of_objects $core]
set_property value_validation_type range_long $aw
set_property value_validation_range_minimum 1 $aw
set_property value_validation_range_maximum 64 $aw

# the register window: 1 KiB
set mm [ipx::add_memory_map S_AXI $core]
set_property slave_memory_map_ref S_AXI [ipx::get_bus_interfaces S_AXI -of_objects $core]
set blk [ipx::add_address_block reg0 $mm]
set_property range 1024 $blk
set_property width 32 $blk

ipx::create_xgui_files $core
ipx::update_checksums $core
ipx::check_integrity $core
ipx::save_core $core
puts "axiperf_axi packaged in $out"
